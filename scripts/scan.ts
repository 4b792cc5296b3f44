// `proofgate scan`: a read-only inventory of the repository shaped as a target model, plus the
// real commands found in it as adoption candidates. Runs nothing; adopts nothing.
import { defineVerb } from './lib/cli/define-verb.ts';
import { runScan } from './lib/cli/run/scan.ts';
import { renderScanResult } from './lib/render/scan.ts';

export const scan = defineVerb({
  examples: [
    ['proofgate scan', 'languages, stack, CI, agent instruction files, candidates, unknowns'],
    ['proofgate scan --json', 'the same as one JSON document'],
  ],
  flags: {},
  toOptions: (_argv, common) => common,
  run: runScan,
  render: renderScanResult,
  exitCode: () => 0,
});
