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
import { persistTargetModel } from './lib/flows/target-model-flow.ts';

export type ScanOptions = CommonOptions;

/** The inventory, plus where the target model was kept when the repository has a plane. */
export type ScanVerbResult = ScanResult & {
  target_model?: { written: string } | { skipped: string };
};

export async function runScan(options: ScanOptions, ctx: Context): Promise<ScanVerbResult> {
  const root = await findGitRoot(options.root ?? ctx.cwd);
  const scanned = await scanRepository(root);
  const persisted = await persistTargetModel(root, scanned);
  if (persisted === undefined) return scanned;
  return {
    ...scanned,
    target_model: 'written' in persisted ? { written: persisted.written } : persisted,
  };
}

function renderScanVerb(result: ScanVerbResult): string {
  const text = renderScan(result);
  const kept = result.target_model;
  if (kept === undefined) return text;
  const line =
    'written' in kept
      ? `target model: ${kept.written} (refreshed)`
      : `target model: ${kept.skipped}`;
  return `${text}\n${line}`;
}

export const scan = defineVerb<ScanOptions, ScanVerbResult>({
  name: 'scan',
  describe: 'Inventory the repository and list the real commands that could become controls',
  examples: [
    ['proofgate scan', 'languages, stack, CI, agent instruction files, candidates, unknowns'],
    ['proofgate scan --json', 'the same as one JSON document'],
  ],
  builder: (y) => y,
  toOptions: (_argv, common) => common,
  run: runScan,
  render: renderScanVerb,
  exitCode: () => 0,
});

runIfMain(import.meta.url, scan);
