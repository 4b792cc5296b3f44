// pytest: the closing summary (`=== 1 failed, 2 passed, 1 skipped, 1 xfailed in 0.32s ===`, or
// with -q the same without the rules, or `no tests ran in 0.01s`) and the names `-v`
// (`path::test PASSED`) or `-rA` (`PASSED path::test`) print. Errors count as failed; xfailed and
// xpassed tests are todo (marked as known to fail: they check nothing).
import { countsOf, keptNames, type ParsedRun } from './inventory.ts';

const WORDS = 'passed|failed|skipped|xfailed|xpassed|errors?|deselected|warnings?|rerun';
const SUMMARY = new RegExp(
  `^(?:=+ )?((?:\\d+ (?:${WORDS})(?:, )?)+|no tests ran) in [\\d.]+s(?: \\([^)]*\\))?(?: =+)?$`,
);
const PART = /(\d+) (\w+)/g;
const VERBOSE = /^(\S+::\S.*?) (PASSED|FAILED|ERROR)(?: |$)/;
const REPORT = /^(PASSED|FAILED|ERROR) (\S+::\S+?)(?: - .*)?$/;

export function parsePytest(lines: readonly string[]): ParsedRun | undefined {
  let total: Record<string, number> | undefined;
  for (const line of lines) {
    const m = SUMMARY.exec(line.trim());
    if (m === null) continue;
    total ??= {};
    for (const [, n, what] of m[1]!.matchAll(PART)) total[what!] = (total[what!] ?? 0) + Number(n);
  }
  if (total === undefined) return undefined;
  const counts = countsOf(
    total['passed'] ?? 0,
    (total['failed'] ?? 0) + (total['error'] ?? 0) + (total['errors'] ?? 0),
    total['skipped'] ?? 0,
    (total['xfailed'] ?? 0) + (total['xpassed'] ?? 0),
  );
  const ran = lines.flatMap((line) => {
    const v = VERBOSE.exec(line);
    if (v !== null) return [v[1]!];
    const r = REPORT.exec(line);
    return r === null ? [] : [r[2]!];
  });
  const names = keptNames(ran);
  return names === undefined ? counts : { ...counts, names };
}
