// The real-world wiring of `proofgate campaign import-ci`: the repository root, the result files
// resolved from the caller's directory, and the real CI-import world unless a test gives its own.
import { resolve } from 'node:path';
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';
import { ciImportFlow, type CiImportResult } from '../../flows/ledger/ci-import-flow.ts';
import { createRealCiImportIO } from '../world/real-ci-import-io.ts';
import { openWorld } from '../world/open-world.ts';

export interface CiImportOptions extends CommonOptions {
  workflow: string;
  commit: string;
  junit: string | undefined;
  json_file: string | undefined;
  actor: string | undefined;
  authorityId: string;
  executionContext: string;
}

export async function runCiImport(options: CiImportOptions, ctx: Context): Promise<CiImportResult> {
  const world = openWorld(ctx);
  const root = await world.resolveRoot(options.root);
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
    createRealCiImportIO(world),
  );
}
