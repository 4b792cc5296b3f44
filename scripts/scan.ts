// `proofgate scan`: a read-only inventory of the repository shaped as a target model, plus the
// real commands found in it as adoption candidates. Runs nothing; adopts nothing.
import type { Context } from './lib/core/context.ts';
import type { ScanResult } from './lib/core/scan/types.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { findGitRoot } from './lib/io/git.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { scanRepository } from './lib/io/scan-repo.ts';
import { renderScan } from './lib/render/scan.ts';
import type { CommonOptions } from './lib/core/options.ts';

export type ScanOptions = CommonOptions;

export async function runScan(options: ScanOptions, ctx: Context): Promise<ScanResult> {
  const root = await findGitRoot(options.root ?? ctx.cwd);
  return scanRepository(root);
}

export const scan = defineVerb<ScanOptions, ScanResult>({
  name: 'scan',
  describe: 'Inventory the repository and list the real commands that could become controls',
  examples: [
    ['proofgate scan', 'languages, stack, CI, agent instruction files, candidates, unknowns'],
    ['proofgate scan --json', 'the same as one JSON document'],
  ],
  builder: (y) => y,
  toOptions: (_argv, common) => common,
  run: runScan,
  render: renderScan,
  exitCode: () => 0,
});

runIfMain(import.meta.url, scan);
