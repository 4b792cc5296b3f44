// `proofgate init --render`: INDEX.md and docs/*.md from the manifest and registry. Pure rendering with
// no run state, so it never stales evidence; `--check` exits 1 when a derived file is out of date.
import { defineVerb } from './lib/cli/define-verb.ts';
import { runRender, type RenderOptions } from './lib/cli/run/render.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import type { RenderResult } from './lib/flows/render-plane-flow.ts';
import { renderRenderResult } from './lib/render/render-result.ts';

export const render = defineVerb<RenderOptions, RenderResult>({
  name: 'render',
  describe: 'Render INDEX.md and docs/ from the control plane sources (--check: exit 1 if stale)',
  examples: [
    ['proofgate init --render', 'rewrite the derived files that changed'],
    ['proofgate init --render --check', 'exit 1 when INDEX.md or docs/ are out of date (for CI)'],
  ],
  builder: (y) =>
    y.option('check', { type: 'boolean', default: false, describe: 'Only check; write nothing' }),
  toOptions: (argv, common) => ({ ...common, check: argv['check'] === true }),
  run: runRender,
  render: renderRenderResult,
  exitCode: (result) => (result.check && result.files.length > 0 ? 1 : 0),
});

runIfMain(import.meta.url, render);
