// node's built-in test runner (`node --test`): the TAP reporter (the default when stdout is not a
// terminal on node 20) and the spec reporter. Counts from the closing `# tests/pass/fail/...`
// (TAP) or `ℹ tests/pass/...` (spec) lines; names from the test lines, suites left out.
import { countsOf, keptNames, type ParsedRun } from './inventory.ts';

const TAP_COUNT = /^# (tests|suites|pass|fail|cancelled|skipped|todo) (\d+)$/;
// ℹ, written as an escape: the bundle is ASCII only (bin/build-dist.mjs)
const SPEC_COUNT = /^\u2139 (tests|suites|pass|fail|cancelled|skipped|todo) (\d+)$/;
const TAP_TEST = /^( *)(ok|not ok) \d+ - (.*)$/;
const TAP_SUBTEST = /^( *)# Subtest: (.*)$/;
const DIRECTIVE = / # (SKIP|TODO)\b.*$/i;
// ✔ ✖ ﹣ ▶, written as escapes: the bundle is ASCII only (bin/build-dist.mjs)
const SPEC_LINE = /^( *)(\u2714|\u2716|\ufe63|\u25b6) (.*?)(?: \([\d.]+m?s\))?( # .*)?$/;

/** The summary's counts, summed over every summary block; undefined when there is none. */
function readCounts(lines: readonly string[], pattern: RegExp): ParsedRun | undefined {
  const totals: Record<string, number> = {};
  for (const line of lines) {
    const m = pattern.exec(line);
    if (m !== null) totals[m[1]!] = (totals[m[1]!] ?? 0) + Number(m[2]);
  }
  if (totals['tests'] === undefined || totals['pass'] === undefined) return undefined;
  const failed = (totals['fail'] ?? 0) + (totals['cancelled'] ?? 0);
  return countsOf(totals['pass'], failed, totals['skipped'] ?? 0, totals['todo'] ?? 0);
}

function unescapeTap(name: string): string {
  return name.replace(/\\([#\\])/g, '$1');
}

/** Whether the YAML block after line `i` marks it a suite (`type: 'suite'`). */
function isSuite(lines: readonly string[], i: number, indent: string): boolean {
  for (let j = i + 1; j < lines.length; j++) {
    const line = lines[j]!;
    if (line === `${indent}  ...` || !line.startsWith(`${indent}  `)) return false;
    if (line === `${indent}  type: 'suite'`) return true;
  }
  return false;
}

/** Names of the tests that ran (not skipped, not todo), `suite > test`, from TAP. */
function tapNames(lines: readonly string[]): string[] {
  const path: string[] = [];
  const names: string[] = [];
  lines.forEach((line, i) => {
    const sub = TAP_SUBTEST.exec(line);
    if (sub !== null) {
      const depth = sub[1]!.length / 4;
      path.length = depth;
      path[depth] = unescapeTap(sub[2]!);
      return;
    }
    const test = TAP_TEST.exec(line);
    if (test === null || DIRECTIVE.test(test[3]!)) return;
    if (isSuite(lines, i, test[1]!)) return;
    const depth = test[1]!.length / 4;
    names.push([...path.slice(0, depth), unescapeTap(test[3]!)].join(' > '));
  });
  return names;
}

/** Names of the tests that ran from the spec reporter; suites (`▶ x` … `✔ x`) left out. */
function specNames(lines: readonly string[]): string[] {
  const open: { indent: number; name: string }[] = [];
  const names: string[] = [];
  for (const line of lines) {
    // The reporter repeats each failed test after this line.
    if (line === '✖ failing tests:') break;
    const m = SPEC_LINE.exec(line);
    if (m === null) continue;
    const indent = m[1]!.length;
    const [, , mark, name = '', comment] = m;
    while (open.length > 0 && open[open.length - 1]!.indent > indent) open.pop();
    const top = open[open.length - 1];
    if (mark === '▶') {
      open.push({ indent, name });
      continue;
    }
    if (top !== undefined && top.indent === indent && top.name === name) {
      open.pop();
      continue;
    }
    if (mark === '﹣' || comment === ' # TODO' || comment?.startsWith(' # TODO ') === true)
      continue;
    names.push([...open.filter((o) => o.indent < indent).map((o) => o.name), name].join(' > '));
  }
  return names;
}

export function parseNodeTap(lines: readonly string[]): ParsedRun | undefined {
  const counts = readCounts(lines, TAP_COUNT);
  if (counts === undefined) return undefined;
  const all = tapNames(lines);
  const names = keptNames(all);
  return { ...counts, listed: all.length, ...(names === undefined ? {} : { names }) };
}

export function parseNodeSpec(lines: readonly string[]): ParsedRun | undefined {
  const counts = readCounts(lines, SPEC_COUNT);
  if (counts === undefined) return undefined;
  const all = specNames(lines);
  const names = keptNames(all);
  return { ...counts, listed: all.length, ...(names === undefined ? {} : { names }) };
}
