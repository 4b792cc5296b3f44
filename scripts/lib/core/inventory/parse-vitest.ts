// vitest: the summary line `Tests  1 failed | 2 passed | 1 skipped | 1 todo (5)` (default and
// verbose reporters; summed when a command runs vitest several times) and, with the verbose
// reporter, one line per test `✓ file > suite > name`.
import { countsOf, keptNames, type ParsedRun } from './inventory.ts';

const SUMMARY = /^\s*Tests\s{2,}((?:\d+ (?:passed|failed|skipped|todo)(?: \| )?)+)\s*\((\d+)\)\s*$/;
const PART = /(\d+) (\w+)/g;
// ✓ × ↓ □, written as escapes: the bundle is ASCII only (bin/build-dist.mjs)
const TEST_LINE = /^\s*(\u2713|\u00d7|\u2193|\u25a1)\s+(\S.*? > .*?)(?:\s+\d+ms)?$/;

export function parseVitest(lines: readonly string[]): ParsedRun | undefined {
  const total: Record<string, number> = {};
  let found = false;
  for (const line of lines) {
    const m = SUMMARY.exec(line);
    if (m === null) continue;
    found = true;
    for (const [, n, what] of m[1]!.matchAll(PART)) total[what!] = (total[what!] ?? 0) + Number(n);
  }
  if (!found) return undefined;
  const counts = countsOf(
    total['passed'] ?? 0,
    total['failed'] ?? 0,
    total['skipped'] ?? 0,
    total['todo'] ?? 0,
  );
  const ran = lines.flatMap((line) => {
    const m = TEST_LINE.exec(line);
    return m === null || m[1] === '↓' || m[1] === '□' ? [] : [m[2]!];
  });
  const names = keptNames(ran);
  return names === undefined ? counts : { ...counts, names };
}
