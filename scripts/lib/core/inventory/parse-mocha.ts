// mocha (spec reporter): `3 passing (12ms)`, `1 pending`, `2 failing`, summed when a command runs
// mocha several times; pending tests are skipped ones. No names are kept (the spec reporter prints
// them without their file). mocha is not installed here: the format is its documented output.
import { countsOf, type ParsedRun } from './inventory.ts';

const PASSING = /^\s*(\d+) passing \([\d.]+\s*m?s\)\s*$/;
const PENDING = /^\s*(\d+) pending\s*$/;
const FAILING = /^\s*(\d+) failing\s*$/;

export function parseMocha(lines: readonly string[]): ParsedRun | undefined {
  let passed: number | undefined;
  let pending = 0;
  let failing = 0;
  for (const line of lines) {
    const pass = PASSING.exec(line);
    if (pass !== null) passed = (passed ?? 0) + Number(pass[1]);
    pending += Number(PENDING.exec(line)?.[1] ?? 0);
    failing += Number(FAILING.exec(line)?.[1] ?? 0);
  }
  if (passed === undefined) return undefined;
  return countsOf(passed, failing, pending);
}
