// Whether a change took teeth out of its test files: for the test files changed between the base
// and the working tree, the assertions counted over the whole changed set (moving a test, or an
// assertion, from one file to another keeps flowing; a deleted test file loses all of its own),
// and the skip, only, todo and xfail markers per file (a marker a file did not have on the base
// is new, wherever it came from). Pure: the texts come in read.
import { countTeeth, type Teeth, type Tooth } from './count-teeth.ts';
import { isTestFile, languageOf } from './test-language.ts';

/** One changed path with its text at the base and now (undefined: absent there). */
export interface ChangedText {
  path: string;
  base: string | undefined;
  now: string | undefined;
}

export interface TeethLoss {
  path: string;
  /** The line it names: now for a new marker, on the base for a lost assertion. */
  line?: number;
  /** One line, e.g. `test/calc.test.js:12 'sub below zero' marked skip (test.skip)`. */
  reason: string;
}

export interface TeethReport {
  /** The test files compared, with their assertion and marker counts (absent where absent). */
  files: { path: string; base?: TeethCount; now?: TeethCount }[];
  /** Assertions over every changed test file, on the base and now. */
  assertions: { base: number; now: number };
  losses: TeethLoss[];
}

export interface TeethCount {
  assertions: number;
  markers: number;
}

export function weighTeeth(changed: readonly ChangedText[]): TeethReport {
  const files: TeethReport['files'] = [];
  const counted: { path: string; base?: Teeth; now?: Teeth }[] = [];
  for (const file of changed) {
    const language = languageOf(file.path);
    if (language === undefined || !isTestFile(file.path, [file.base, file.now])) continue;
    const base = file.base === undefined ? undefined : countTeeth(file.base, language);
    const now =
      file.now === undefined
        ? undefined
        : invertedOnBase(file.base, countTeeth(file.now, language));
    counted.push({ path: file.path, ...(base && { base }), ...(now && { now }) });
    files.push({
      path: file.path,
      ...(base && { base: countOf(base) }),
      ...(now && { now: countOf(now) }),
    });
  }
  const total = (side: 'base' | 'now') =>
    counted.reduce((n, f) => n + (f[side]?.assertions.length ?? 0), 0);
  const assertions = { base: total('base'), now: total('now') };
  const losses: TeethLoss[] = [];
  for (const file of counted) losses.push(...newMarkers(file.path, file.base, file.now));
  if (assertions.now < assertions.base)
    for (const file of counted) losses.push(...lostAssertions(file.path, file.base, file.now));
  return { files, assertions, losses };
}

/**
 * A marker that inverts a test (`#[should_panic]`, `pytest.raises(AssertionError)`) is honest on a new test, one that checks a
 * panic; on a test the base had, it turns the failure the test reports into its pass. Kept only
 * there.
 */
function invertedOnBase(base: string | undefined, now: Teeth): Teeth {
  const had = (name: string | undefined): boolean =>
    base !== undefined &&
    name !== undefined &&
    new RegExp(`\\b(?:fn|def)\\s+${name}\\b`).test(base);
  return {
    ...now,
    markers: now.markers.filter((m) => labelOf(m.kind) !== 'inverts' || had(m.name)),
  };
}

function countOf(teeth: Teeth): TeethCount {
  return { assertions: teeth.assertions.length, markers: teeth.markers.length };
}

/** What a marker does to its test, by the word that marks it. */
function labelOf(kind: string): string {
  if (kind === 'try/catch') return 'swallow';
  if (/should_panic|AssertionError/.test(kind)) return 'inverts';
  if (/only|^f(?:it|describe)/i.test(kind)) return 'only';
  if (/todo/i.test(kind)) return 'todo';
  if (/xfail|expectedFailure|fails/.test(kind)) return 'xfail';
  return 'skip';
}

function keyOf(tooth: Tooth): string {
  return `${labelOf(tooth.kind)}|${tooth.name ?? tooth.text.replace(/\s+/g, ' ')}`;
}

/** Markers beyond the base's count of the same label, the ones the base did not have first. */
function newMarkers(path: string, base: Teeth | undefined, now: Teeth | undefined): TeethLoss[] {
  if (now === undefined) return [];
  const losses: TeethLoss[] = [];
  const before = base?.markers ?? [];
  for (const label of new Set(now.markers.map((m) => labelOf(m.kind)))) {
    const mine = now.markers.filter((m) => labelOf(m.kind) === label);
    const had = before.filter((m) => labelOf(m.kind) === label);
    const extra = mine.length - had.length;
    if (extra <= 0) continue;
    const known = multiset(had.map(keyOf));
    const unmatched = mine.filter((m) => !take(known, keyOf(m)));
    const fresh = [...unmatched, ...mine.filter((m) => !unmatched.includes(m)).reverse()];
    for (const m of fresh.slice(0, extra).sort((a, b) => a.line - b.line))
      losses.push({
        path,
        line: m.line,
        reason: `test weakened: ${path}:${m.line}${m.name === undefined ? '' : ` '${m.name}'`} ${describeMarker(label, m.kind)}, not on the base`,
      });
  }
  return losses;
}

function describeMarker(label: string, kind: string): string {
  if (label === 'swallow')
    return 'swallows its assertions in a try/catch whose catch neither rethrows nor asserts';
  if (label === 'inverts') return `now passes only when it fails (${kind})`;
  return `marked ${label} (${kind})`;
}

/** A file with fewer assertions than on the base, naming the base lines whose assertion is gone. */
function lostAssertions(
  path: string,
  base: Teeth | undefined,
  now: Teeth | undefined,
): TeethLoss[] {
  const had = base?.assertions ?? [];
  const has = now?.assertions ?? [];
  if (has.length >= had.length) return [];
  const kept = multiset(has.map((a) => a.text));
  const gone = had.filter((a) => !take(kept, a.text));
  const first = gone[0] ?? had[had.length - 1];
  const shown = gone
    .slice(0, 3)
    .map((a) => `base line ${a.line} \`${clip(a.text)}\``)
    .join(', ');
  const more = gone.length > 3 ? ` and ${gone.length - 3} more` : '';
  const what =
    now === undefined
      ? `${path} deleted: its ${had.length} assertion(s) on the base are gone`
      : `${path}: ${had.length} assertion(s) on the base, ${has.length} now`;
  return [
    {
      path,
      ...(first === undefined ? {} : { line: first.line }),
      reason: `test weakened: ${what}${shown === '' ? '' : ` (gone: ${shown}${more})`}`,
    },
  ];
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function multiset(keys: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return counts;
}

function take(counts: Map<string, number>, key: string): boolean {
  const n = counts.get(key) ?? 0;
  if (n === 0) return false;
  counts.set(key, n - 1);
  return true;
}
