// `proofgate campaign import-ci --workflow ID --commit SHA --junit FILE|--json FILE`: records a remote CI
// result a person fetched, bound to the commit's tree. Never reaches the remote itself.
import { resolve } from 'node:path';
import type { Context } from './lib/core/context.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { ciImportFlow } from './lib/flows/ci-import-flow.ts';
import type { CiImportResult } from './lib/flows/ci-import-flow.ts';
import { resolveRoot } from './lib/io/git.ts';
import { createRealCiImportIO } from './lib/cli/world/real-ci-import-io.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderCiImport } from './lib/render/render-ci-import.ts';
import type { CiImportIO } from './lib/core/ports.ts';
import type { CommonOptions } from './lib/core/options.ts';

export interface CiImportOptions extends CommonOptions {
  workflow: string;
  commit: string;
  junit: string | undefined;
  json_file: string | undefined;
  actor: string | undefined;
  authorityId: string;
  executionContext: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export const ciImport = defineVerb<CiImportOptions, CiImportResult>({
  name: 'ci-import',
  describe: 'Import a remote CI result (JUnit XML or JSON) bound to the commit it ran on',
  examples: [
    [
      'proofgate campaign import-ci --workflow ci --commit 1a2b3c4 --junit ci-results/ci/junit.xml --authority-id ci:github --execution-context ci:github:123',
      'record the result of workflow "ci" on that commit',
    ],
    [
      'proofgate campaign import-ci --workflow ci --commit 1a2b3c4',
      'BLOCKED: prints how to fetch it',
    ],
  ],
  builder: (y) =>
    y
      .option('workflow', { type: 'string', demandOption: true, describe: 'workflow id (scan)' })
      .option('commit', { type: 'string', demandOption: true, describe: 'commit the run built' })
      .option('junit', { type: 'string', describe: 'JUnit XML result file' })
      .option('json-file', { type: 'string', describe: 'JSON run object (conclusion/status)' })
      .option('actor', { type: 'string', describe: 'display label' })
      .option('authority-id', { type: 'string', default: 'ci:remote', describe: 'authority' })
      .option('execution-context', { type: 'string', default: 'ci:remote', describe: 'context' }),
  toOptions: (argv, common) => ({
    ...common,
    workflow: String(argv['workflow']),
    commit: String(argv['commit']),
    junit: str(argv['junit']),
    json_file: str(argv['json-file']),
    actor: str(argv['actor']),
    authorityId: String(argv['authority-id']),
    executionContext: String(argv['execution-context']),
  }),
  run: (options, ctx) => runCiImport(options, ctx),
  render: renderCiImport,
  exitCode: (r) => (r.status === 'PASS' ? 0 : 1),
});

export async function runCiImport(
  options: CiImportOptions,
  ctx: Context,
  io?: CiImportIO,
): Promise<CiImportResult> {
  const root = await resolveRoot(options.root, ctx.cwd);
  const at = (p: string | undefined) => (p === undefined ? undefined : resolve(ctx.cwd, p));
  const [junit, json] = [at(options.junit), at(options.json_file)];
  return ciImportFlow(
    {
      root,
      workflow: options.workflow,
      commit: options.commit,
      ...(junit === undefined ? {} : { junit }),
      ...(json === undefined ? {} : { json }),
      actor: {
        label: options.actor ?? options.authorityId,
        authority: options.authorityId,
        context: options.executionContext,
      },
    },
    ctx,
    io ?? createRealCiImportIO(ctx),
  );
}

runIfMain(import.meta.url, ciImport);
