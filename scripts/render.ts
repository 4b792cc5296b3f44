// `proofgate init --render`: INDEX.md and docs/*.md from the manifest and registry. Pure rendering with
// no run state, so it never stales evidence; `--check` exits 1 when a derived file is out of date.
import type { Context } from './lib/core/context.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { findGitRoot } from './lib/io/git.ts';
import { loadPlane } from './lib/io/plane.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { findOutdated, writeDerivedFiles } from './lib/io/write-plane.ts';
import { renderPlaneFiles } from './lib/render/plane-docs.ts';
import { renderRenderResult } from './lib/render/render-result.ts';
import type { RenderResult } from './lib/render/render-result.ts';
import type { CommonOptions } from './lib/core/options.ts';

export interface RenderOptions extends CommonOptions {
  check: boolean;
}

export async function runRender(options: RenderOptions, ctx: Context): Promise<RenderResult> {
  const root = await findGitRoot(options.root ?? ctx.cwd);
  const plane = loadPlane(root);
  const files = renderPlaneFiles(plane.manifest, plane.registry);
  const changed = options.check
    ? findOutdated(plane.dir, files)
    : writeDerivedFiles(plane.dir, files);
  return { check: options.check, plane: plane.rel, files: changed };
}

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
