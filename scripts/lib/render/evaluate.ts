// Human output of `proofgate evaluate`: the verdict on the first line, then one line per control
// with its reason and the exact next command. Bounded by the caller (boundText).
import type { EvaluateRunResult } from '../flows/run/evaluate-flow.ts';
import type { EvaluateResult } from '../flows/run/evaluate-rounds.ts';
import { withheldLine } from './withheld-line.ts';
import { outputLines, tally } from './gate-text.ts';

/** OK only when status would say so; INCOMPLETE when nothing failed but something is still TODO. */
function evaluateVerdict(result: EvaluateRunResult): string {
  if (result.ok) return 'OK';
  const failed = result.results.some((r) => r.status === 'FAIL' || r.status === 'BLOCKED');
  return failed ? 'FAIL' : 'INCOMPLETE';
}

export function renderEvaluateRun(result: EvaluateRunResult): string {
  const statuses = result.results.map((r) => r.status);
  const head = result.dryRun
    ? `DRY RUN ${result.results.length} controls at ${result.target}: nothing was run or recorded`
    : `${evaluateVerdict(result)} ${result.results.length} controls at ${result.target}: ${tally(statuses) || 'none selected'}`;
  const lines = [head];
  if (result.shard !== undefined) {
    const { index, count, of } = result.shard;
    lines.push(
      `  shard ${index}/${count}: ${result.results.length} of the ${of} selected controls`,
    );
  }
  for (const r of result.results) {
    const entry = r.entry === undefined ? '' : ` [entry ${r.entry.slice(0, 12)}]`;
    lines.push(
      `  ${r.status.padEnd(8)} ${r.control}: ${r.reason}${entry}`,
      ...outputLines(r.output),
    );
    if (r.next !== undefined) lines.push(`    next: ${r.next}`);
    const withheld = withheldLine(r.withheld_env, r.withheld_others);
    if (withheld !== undefined) lines.push(withheld);
  }
  return `${lines.join('\n')}\n`;
}

/** `proofgate evaluate`: the run. */
export function renderEvaluate(r: EvaluateResult): string {
  return renderEvaluateRun(r.run);
}
