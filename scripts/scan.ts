// `proofgate scan`: a read-only inventory of the repository shaped as a target model, plus the
// real commands found in it as adoption candidates. Runs nothing; adopts nothing.
import { defineVerb } from './lib/cli/define-verb.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { runScan } from './lib/cli/run/scan.ts';
import type { CommonOptions } from './lib/core/options.ts';
import type { ScanFlowResult } from './lib/flows/scan-flow.ts';
import { renderScanResult } from './lib/render/scan.ts';

export const scan = defineVerb<CommonOptions, ScanFlowResult>({
  name: 'scan',
  describe: 'Inventory the repository and list the real commands that could become controls',
  examples: [
    ['proofgate scan', 'languages, stack, CI, agent instruction files, candidates, unknowns'],
    ['proofgate scan --json', 'the same as one JSON document'],
  ],
  builder: (y) => y,
  toOptions: (_argv, common) => common,
  run: runScan,
  render: renderScanResult,
  exitCode: () => 0,
});

runIfMain(import.meta.url, scan);
