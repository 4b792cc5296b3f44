// jest: the summary `Tests:       1 failed, 1 skipped, 1 todo, 3 passed, 6 total`, summed when a
// command runs jest several times. jest prints no test path per name, so no names are kept.
// jest is not installed here: the format is its documented summary (test/core/inventory/ says so).
import { countsOf, type ParsedRun } from './inventory.ts';

const SUMMARY = /^Tests:\s+((?:\d+ \w+, )*)(\d+) total$/;
const PART = /(\d+) (\w+)/g;

export function parseJest(lines: readonly string[]): ParsedRun | undefined {
  const total: Record<string, number> = {};
  let found = false;
  for (const line of lines) {
    const m = SUMMARY.exec(line.trim());
    if (m === null) continue;
    found = true;
    for (const [, n, what] of m[1]!.matchAll(PART)) total[what!] = (total[what!] ?? 0) + Number(n);
  }
  if (!found) return undefined;
  return countsOf(
    total['passed'] ?? 0,
    total['failed'] ?? 0,
    total['skipped'] ?? 0,
    total['todo'] ?? 0,
  );
}
