// An imported remote CI result, read by proofgate: JUnit XML (counted from its testcase, failure and
// error elements) or a JSON run object with `conclusion` (GitHub) or `status` (GitLab). Zero tests
// is FAIL, not PASS; a file that is neither is an input error.
export type CiParse =
  { ok: true; status: 'PASS' | 'FAIL'; detail: string } | { ok: false; reason: string };

export function parseJunit(text: string): CiParse {
  if (!/<testsuites?\b/.test(text)) {
    return { ok: false, reason: 'not JUnit XML: no <testsuite> or <testsuites> element' };
  }
  const count = (tag: string): number => (text.match(new RegExp(`<${tag}\\b`, 'g')) ?? []).length;
  const tests = count('testcase');
  const failed = count('failure') + count('error');
  const skipped = count('skipped');
  const detail = `junit: ${tests} tests, ${failed} failed, ${skipped} skipped`;
  if (tests === 0) return { ok: true, status: 'FAIL', detail: `${detail}: no test ran` };
  return { ok: true, status: failed === 0 ? 'PASS' : 'FAIL', detail };
}

export function parseCiJson(text: string): CiParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not valid JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: 'expected a JSON object with "conclusion" or "status"' };
  }
  const record = value as Record<string, unknown>;
  const outcome = record['conclusion'] ?? record['status'];
  if (typeof outcome !== 'string') {
    return { ok: false, reason: 'expected a string "conclusion" (GitHub) or "status" (GitLab)' };
  }
  const pass = outcome === 'success';
  return { ok: true, status: pass ? 'PASS' : 'FAIL', detail: `remote run concluded ${outcome}` };
}
