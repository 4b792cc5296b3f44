// Human output of `proofgate evaluate`: the verdict on the first line, then one line per control
// with its reason and the exact next command. Bounded by the caller (boundText).
import type { EvaluateRunResult } from '../flows/run/evaluate-flow.ts';
import type { EvaluateResult } from '../flows/run/evaluate-rounds.ts';
import { withheldLine } from './withheld-line.ts';
import { outputLines, tally } from './gate-text.ts';
import { describeMutant } from '../core/efficacy/changed-mutants.ts';

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
  lines.push(...mutantLines(result.mutants));
  return `${lines.join('\n')}\n`;
}

/** The changed-line mutants: per test control, what was planted and killed, and each survivor. */
function mutantLines(mutants: EvaluateRunResult['mutants']): string[] {
  if (mutants === undefined) return [];
  const took = `${(mutants.ms / 1000).toFixed(1)} s`;
  const lines = [
    `  changed-line mutants since ${mutants.base}${mutants.lines === undefined ? '' : ` (${mutants.lines} line(s) changed)`}, ${took}:`,
  ];
  for (const c of mutants.controls) {
    if (!c.applied) {
      lines.push(`    ${c.control}: ${c.why}`);
      continue;
    }
    if (c.baseline !== undefined && c.baseline !== 'PASS') {
      lines.push(
        `    ${c.control}: nothing measured, it did not pass on a copy of the tree (${c.baseline}) (${c.why})`,
      );
      continue;
    }
    if ((c.sites ?? 0) === 0) {
      lines.push(`    ${c.control}: no mutation site in the changed lines (${c.why})`);
      continue;
    }
    const inconclusive = (c.inconclusive ?? 0) > 0 ? `, ${c.inconclusive} inconclusive` : '';
    lines.push(
      `    ${c.control}: ${c.mutants ?? 0} planted of ${c.sites ?? 0} site(s), ${c.killed ?? 0} killed${inconclusive} (${c.why})`,
      ...(c.survived ?? []).map((m) => `      survives: ${describeMutant(m)}`),
    );
  }
  return lines;
}

/** `proofgate evaluate`: the run. */
export function renderEvaluate(r: EvaluateResult): string {
  return renderEvaluateRun(r.run);
}
