// cargo test: one `test result: ok. 2 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out`
// per test binary (unit, integration, doc tests), summed; ignored tests are skipped. Names from
// `test tests::adds ... ok`, prefixed with the binary's source (`Running tests/top.rs (...)`).
import { countsOf, keptNames, type ParsedRun } from './inventory.ts';

const RESULT =
  /^test result: (?:ok|FAILED)\. (\d+) passed; (\d+) failed; (\d+) ignored; (\d+) measured; (\d+) filtered out/;
const RUNNING = /^\s*Running (?:unittests )?(\S+)(?: \(.*\))?$/;
const DOC_TESTS = /^\s*Doc-tests (\S+)$/;
const TEST = /^test (\S.*?) \.\.\. (ok|FAILED|ignored)(?:,.*)?$/;

export function parseCargo(lines: readonly string[]): ParsedRun | undefined {
  let found = false;
  let passed = 0;
  let failed = 0;
  let ignored = 0;
  let binary = '';
  const ran: string[] = [];
  for (const line of lines) {
    const result = RESULT.exec(line);
    if (result !== null) {
      found = true;
      passed += Number(result[1]);
      failed += Number(result[2]);
      ignored += Number(result[3]);
      continue;
    }
    const running = RUNNING.exec(line) ?? DOC_TESTS.exec(line);
    if (running !== null) binary = running[1]!;
    const test = TEST.exec(line);
    if (test !== null && test[2] !== 'ignored')
      ran.push(binary === '' ? test[1]! : `${binary}::${test[1]!}`);
  }
  if (!found) return undefined;
  const counts = countsOf(passed, failed, ignored);
  const names = keptNames(ran);
  return { ...counts, listed: ran.length, ...(names === undefined ? {} : { names }) };
}
