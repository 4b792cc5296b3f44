// JUnit XML, as a control's declared artifact (`artifacts:` in the registry): one <testcase> per
// test, with <failure>/<error> (failed) or <skipped> (skipped) inside; names `classname > name`.
// A small reader of exactly that shape (no XML library in the verdict's path): attributes are
// read from each <testcase> start tag, and its children up to </testcase>.
import { countsOf, keptNames, type ParsedRun } from './inventory.ts';

const CASE = /<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g;
const ATTR = /([\w:-]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of tag.matchAll(ATTR)) found.set(m[1]!, unescapeXml(m[3] ?? m[4] ?? ''));
  return found;
}

/** The inventory of a JUnit XML document; undefined when it holds no <testsuite> or <testsuites>. */
export function parseJunit(xml: string): ParsedRun | undefined {
  if (!/<testsuites?\b/.test(xml)) return undefined;
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const ran: string[] = [];
  for (const m of xml.matchAll(CASE)) {
    const attrs = attributes(m[1]!);
    const body = m[3] ?? '';
    const name = [attrs.get('classname'), attrs.get('name')].filter((p) => p).join(' > ');
    if (/<skipped\b/.test(body)) {
      skipped += 1;
      continue;
    }
    if (/<(failure|error)\b/.test(body)) failed += 1;
    else passed += 1;
    ran.push(name);
  }
  const counts = countsOf(passed, failed, skipped);
  const names = keptNames(ran);
  return names === undefined ? counts : { ...counts, names };
}
