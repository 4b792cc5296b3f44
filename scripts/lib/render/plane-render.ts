// Human output of `proofgate init --render`.
import type { RenderResult } from '../flows/plane/render-plane-flow.ts';

export function renderRenderResult(result: RenderResult): string {
  const where = result.plane === '' ? '' : `${result.plane}/`;
  if (result.check)
    return result.files.length === 0
      ? 'render --check: INDEX.md and docs/ are up to date'
      : `render --check: ${result.files.length} derived file(s) out of date: ${result.files.map((f) => where + f).join(', ')}\nnext: run "proofgate init --render" and commit the result`;
  return result.files.length === 0
    ? 'render: INDEX.md and docs/ were already up to date'
    : `render: wrote ${result.files.map((f) => where + f).join(', ')}`;
}
