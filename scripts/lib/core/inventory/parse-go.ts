// go test -v: one `--- PASS: TestX (0.00s)` (FAIL, SKIP) per test and subtest (`TestX/sub`,
// indented); the package lines (`ok  example.com/calc 0.01s`) alone carry no count, so go test
// without -v has no inventory (read-inventory.ts says why). go is not installed here: the format
// is its documented -v output (test/core/inventory/ says so).
import { countsOf, keptNames, type ParsedRun } from './inventory.ts';

const RESULT = /^\s*--- (PASS|FAIL|SKIP): (\S+) \([\d.]+s\)$/;
/** A package line of `go test`: `ok  <pkg> 0.01s`, `FAIL <pkg> 0.01s`, `?   <pkg> [no test files]`. */
export const GO_PACKAGE = /^(?:ok|FAIL|\?)\s+\S+\s+(?:[\d.]+s|\(cached\)|\[no test files\])/;

export function parseGo(lines: readonly string[]): ParsedRun | undefined {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const ran: string[] = [];
  for (const line of lines) {
    const m = RESULT.exec(line);
    if (m === null) continue;
    if (m[1] === 'SKIP') skipped += 1;
    else {
      if (m[1] === 'PASS') passed += 1;
      else failed += 1;
      ran.push(m[2]!);
    }
  }
  if (passed + failed + skipped === 0) return undefined;
  const counts = countsOf(passed, failed, skipped);
  const names = keptNames(ran);
  return names === undefined ? counts : { ...counts, names };
}
