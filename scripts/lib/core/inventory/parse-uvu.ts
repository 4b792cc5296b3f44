// uvu: its summary block `Total: 3`, `Passed: 2`, `Skipped: 1`, `Duration: 1.6ms`, one per run of
// the CLI or of a test file, summed when a command runs several. Total counts the tests run
// (skipped ones apart), so failed = Total - Passed. No names are kept (uvu prints only failures).
import { countsOf, type ParsedRun } from './inventory.ts';

const FIELD = /^\s*(Total|Passed|Skipped|Duration):\s+(\S+)\s*$/;

export function parseUvu(lines: readonly string[]): ParsedRun | undefined {
  let found: ParsedRun | undefined;
  for (let i = 0; i + 3 < lines.length; i++) {
    const block = lines.slice(i, i + 4).map((line) => FIELD.exec(line));
    const [total, passed, skipped, duration] = block;
    if (total?.[1] !== 'Total' || passed?.[1] !== 'Passed' || skipped?.[1] !== 'Skipped') continue;
    if (duration?.[1] !== 'Duration' || !/^\d+$/.test(`${total[2]}${passed[2]}${skipped[2]}`))
      continue;
    const ran = Number(total[2]);
    const pass = Number(passed[2]);
    if (pass > ran) continue;
    const counts = countsOf(pass, ran - pass, Number(skipped[2]));
    found = countsOf(
      (found?.passed ?? 0) + counts.passed,
      (found?.failed ?? 0) + counts.failed,
      (found?.skipped ?? 0) + counts.skipped,
    );
    i += 3;
  }
  return found;
}
