// An imported remote CI result, read by proofgate: JUnit XML (parsed as XML, so comments and CDATA
// text are never mistaken for elements) or a JSON run object with `conclusion` (GitHub) or `status`
// (GitLab). A run where no test ran (none at all, or all skipped) is FAIL, not PASS; a file that is
// neither is an input error.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export type CiParse =
  { ok: true; status: 'PASS' | 'FAIL'; detail: string } | { ok: false; reason: string };

// preserveOrder keeps every element as `{ tag: children[], ':@': attributes }`. Entities are not
// expanded: only element structure and a few attributes are read, and a DOCTYPE cannot inflate them.
const PARSER = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

interface XmlElement {
  tag: string;
  attributes: Record<string, unknown>;
  children: XmlElement[];
}

function toElements(nodes: unknown): XmlElement[] {
  if (!Array.isArray(nodes)) return [];
  return nodes.flatMap((node: unknown) => {
    if (typeof node !== 'object' || node === null) return [];
    const record = node as Record<string, unknown>;
    const tag = Object.keys(record).find((key) => key !== ':@' && key !== '#text');
    if (tag === undefined) return [];
    const attributes = record[':@'];
    return [
      {
        tag,
        attributes: typeof attributes === 'object' && attributes !== null ? { ...attributes } : {},
        children: toElements(record[tag]),
      },
    ];
  });
}

interface JunitCounts {
  tests: number;
  failed: number;
  skipped: number;
  /** failures + errors a suite element declares in its attributes (the most any one declares). */
  declaredFailed: number;
}

function declaredCount(element: XmlElement, name: string): number {
  const value = element.attributes[name];
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : 0;
}

function countCase(testcase: XmlElement, counts: JunitCounts): void {
  counts.tests += 1;
  const kinds = new Set(testcase.children.map((child) => child.tag));
  if (kinds.has('failure') || kinds.has('error')) counts.failed += 1;
  else if (kinds.has('skipped')) counts.skipped += 1;
}

function countSuite(suite: XmlElement, counts: JunitCounts): void {
  const declared = declaredCount(suite, 'failures') + declaredCount(suite, 'errors');
  counts.declaredFailed = Math.max(counts.declaredFailed, declared);
  for (const child of suite.children) {
    if (child.tag === 'testcase') countCase(child, counts);
    else if (child.tag === 'testsuite') countSuite(child, counts);
    // A failure or error reported for the suite itself (e.g. a setup that crashed).
    else if (child.tag === 'failure' || child.tag === 'error') counts.failed += 1;
  }
}

export function parseJunit(text: string): CiParse {
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { line, col, msg } = valid.err;
    return {
      ok: false,
      reason: `not JUnit XML: not well-formed XML (line ${line}, column ${col}): ${msg}`,
    };
  }
  const root = toElements(PARSER.parse(text) as unknown).find(
    (element) => element.tag === 'testsuites' || element.tag === 'testsuite',
  );
  if (root === undefined) {
    return { ok: false, reason: 'not JUnit XML: no <testsuite> or <testsuites> root element' };
  }
  const counts: JunitCounts = { tests: 0, failed: 0, skipped: 0, declaredFailed: 0 };
  countSuite(root, counts);
  const failed = Math.max(counts.failed, counts.declaredFailed);
  const detail = `junit: ${counts.tests} tests, ${failed} failed, ${counts.skipped} skipped`;
  if (counts.failed < counts.declaredFailed) {
    return { ok: true, status: 'FAIL', detail: `${detail}: a suite declares failures or errors` };
  }
  if (counts.tests - counts.skipped === 0) {
    return { ok: true, status: 'FAIL', detail: `${detail}: no test ran` };
  }
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
