// `proofgate campaign import-ci --workflow ID --commit SHA --junit FILE|--json FILE`: records a remote CI
// result a person fetched, bound to the commit's tree. Never reaches the remote itself.
import { defineVerb } from './lib/cli/define-verb.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { runCiImport, type CiImportOptions } from './lib/cli/run/ci-import.ts';
import type { CiImportResult } from './lib/flows/ci-import-flow.ts';
import { renderCiImport } from './lib/render/render-ci-import.ts';

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

runIfMain(import.meta.url, ciImport);
