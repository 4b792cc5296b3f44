// Human output of `proofgate efficacy`: the verdict first, then per control how many seeded
// defects it caught and where the survivors are.
import type { EfficacyResult } from '../flows/efficacy/efficacy-flow.ts';
import { describeMutant } from '../core/efficacy/changed-mutants.ts';

/** Survivors listed per control before the rest is summarised. */
const SURVIVORS_SHOWN = 20;

// An imported report is labelled as such: what it is, and whether its tool ran the control.
function importedLines(r: EfficacyResult['results'][number]): string[] {
  const timeouts = (r.timeout ?? 0) > 0 ? ` (${r.timeout} by timeout)` : '';
  const excluded = (r.excluded ?? 0) > 0 ? `; ${r.excluded} without a verdict not counted` : '';
  const lines = [
    `    imported from ${r.tool ?? 'a mutation tool'}${timeouts}${excluded}: proofgate did not run these mutants`,
  ];
  if (r.test_command === 'other')
    lines.push(
      `    another test command: the tool ran ${r.tool_command ?? 'another command'}, not this control`,
    );
  if (r.test_command === 'unknown')
    lines.push(`    test command unknown: the report does not say which command the tool ran`);
  return lines;
}

export function renderEfficacy(result: EfficacyResult): string {
  const killed = result.results.reduce((n, r) => n + r.killed, 0);
  const mutants = result.results.reduce((n, r) => n + r.mutants, 0);
  const verdict = result.ok ? 'OK' : 'WEAK';
  const what = result.method.startsWith('report:') ? 'reported mutants' : 'seeded defects';
  const measured = result.results.filter((r) => r.skipped === undefined).length;
  const since = result.base === undefined ? '' : ` (lines changed since ${result.base})`;
  const lines = [
    `${verdict} ${result.method}${since}: ${killed} of ${mutants} ${what} caught by ${measured} control(s)`,
  ];
  for (const r of result.results) {
    const entry = r.entry === undefined ? '' : ` [entry ${r.entry.slice(0, 12)}]`;
    if (r.skipped !== undefined) {
      lines.push(`  ${r.control}: skipped: ${r.skipped}`);
      continue;
    }
    if (r.baseline !== undefined && r.baseline !== 'PASS') {
      lines.push(
        `  ${r.control}: not measured: the control is ${r.baseline} on the unmutated code (it must PASS first)`,
      );
      continue;
    }
    const blocked = r.inconclusive > 0 ? `, ${r.inconclusive} could not run` : '';
    lines.push(`  ${r.control}: caught ${r.killed} of ${r.mutants}${blocked}${entry}`);
    if (r.source === 'imported') lines.push(...importedLines(r));
    for (const s of r.survived.slice(0, SURVIVORS_SHOWN)) {
      const what = s.before === undefined ? '' : `: ${describeMutant(s).replace(/^\S+ /, '')}`;
      lines.push(`    survived ${s.operator} at ${s.file}:${s.line}${what}`);
    }
    if (r.survived.length > SURVIVORS_SHOWN) {
      lines.push(`    … ${r.survived.length - SURVIVORS_SHOWN} more survivors (see --json)`);
    }
  }
  return `${lines.join('\n')}\n`;
}
