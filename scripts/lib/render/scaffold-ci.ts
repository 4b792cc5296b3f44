// Human output of `proofgate init --scaffold-ci`: the files written and the pin of every action.
import type { ScaffoldCiResult } from '../flows/plane/scaffold-ci-flow.ts';

export function renderScaffoldCi(r: ScaffoldCiResult): string {
  return `${[
    `SCAFFOLDED ${r.written.join(', ')}`,
    ...r.pins.map((p) => `  ${p.action}@${p.sha} (pin from ${p.from})`),
    '  review both files and commit them; the workflow is a template, never evidence',
  ].join('\n')}\n`;
}
