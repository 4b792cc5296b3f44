// `proofgate init --render`: INDEX.md and docs/*.md from the manifest and registry. Pure rendering
// with no run state, so it never stales evidence; `--check` exits 1 when a derived file is out of
// date.
import { defineVerb } from '../lib/cli/define-verb.ts';
import { runRender } from '../lib/cli/run/render.ts';
import { renderRenderResult } from '../lib/render/plane-render.ts';

export const render = defineVerb({
  examples: [
    ['proofgate init --render', 'rewrite the derived files that changed'],
    ['proofgate init --render --check', 'exit 1 when INDEX.md or docs/ are out of date (for CI)'],
  ],
  flags: {
    render: { type: 'boolean', describe: 'Render the derived files of the control plane' },
    check: { type: 'boolean', default: false, describe: 'Only check; write nothing' },
  },
  toOptions: (argv, common) => ({ ...common, check: argv.check }),
  run: runRender,
  render: renderRenderResult,
  exitCode: (result) => (result.check && result.files.length > 0 ? 1 : 0),
});
