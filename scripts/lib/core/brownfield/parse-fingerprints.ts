// A ratchet control's output, parsed by proofgate itself: the project command lists its violations
// and never reports counts (the peer trusts self-reported counts; we don't). Anything that cannot
// be read exactly is a reason to FAIL, never a PASS (references/brownfield.md).

export type FingerprintParse =
  { ok: true; fingerprints: string[]; format: 'lines' | 'json' } | { ok: false; reason: string };

export interface RatchetOutput {
  /** The canonical review copy of the merged output (what the evidence object holds). */
  text: string;
  /** Bytes were omitted past the output cap: the list is incomplete. */
  truncated: boolean;
  exitCode: number | null;
  timedOut: boolean;
}

/** `rule:rest`: a rule id without spaces, a colon, then path and symbol. */
const LINE = /^[A-Za-z0-9@/._-]+:\S.*$/;
const MAX_FINGERPRINT = 1000;

export function parseFingerprints(output: RatchetOutput): FingerprintParse {
  if (output.timedOut)
    return { ok: false, reason: 'the command timed out: its list is incomplete' };
  if (output.truncated) {
    return { ok: false, reason: 'the output exceeded the cap: the violation list is incomplete' };
  }
  const text = output.text.trim();
  const parsed = text.startsWith('[') ? parseJsonList(text) : parseLines(text);
  if (!parsed.ok) return parsed;
  if (parsed.fingerprints.length === 0 && output.exitCode !== 0) {
    const code = output.exitCode === null ? 'a signal' : `exit ${output.exitCode}`;
    return { ok: false, reason: `${code} with no violations listed: the command did not report` };
  }
  return { ...parsed, fingerprints: numberRepeats(parsed.fingerprints) };
}

function parseLines(text: string): FingerprintParse {
  const lines = text === '' ? [] : text.split('\n');
  const fingerprints: string[] = [];
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const problem = checkFingerprint(line);
    if (problem !== undefined || !LINE.test(line)) {
      return {
        ok: false,
        reason: `output line ${index + 1} is not a fingerprint (expected rule:path:symbol): ${JSON.stringify(line.slice(0, 80))}`,
      };
    }
    fingerprints.push(line);
  }
  return { ok: true, fingerprints, format: 'lines' };
}

function parseJsonList(text: string): FingerprintParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'the output starts with "[" but is not valid JSON' };
  }
  if (!Array.isArray(value)) return { ok: false, reason: 'the JSON output is not an array' };
  const fingerprints: string[] = [];
  for (const [index, item] of value.entries()) {
    const problem = typeof item === 'string' ? checkFingerprint(item) : 'is not a string';
    if (problem !== undefined) {
      return { ok: false, reason: `JSON item ${index} ${problem}` };
    }
    fingerprints.push(item as string);
  }
  return { ok: true, fingerprints, format: 'json' };
}

function checkFingerprint(value: string): string | undefined {
  if (value.trim() === '') return 'is empty';
  if (value.length > MAX_FINGERPRINT) return `is longer than ${MAX_FINGERPRINT} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'contains a control character';
  return undefined;
}

/**
 * Sorted, with repeats numbered (`x`, `x#2`, ...) so that a second identical violation counts as
 * new instead of hiding behind the first.
 */
function numberRepeats(list: readonly string[]): string[] {
  const seen = new Map<string, number>();
  const out: string[] = [];
  for (const fp of [...list].sort()) {
    const n = (seen.get(fp) ?? 0) + 1;
    seen.set(fp, n);
    out.push(n === 1 ? fp : `${fp}#${n}`);
  }
  return out.sort();
}

export interface FingerprintDelta {
  current: number;
  baseline: number;
  new: string[];
  fixed: string[];
}

/** new = current − baseline, fixed = baseline − current (both sorted). */
export function diffFingerprints(
  current: readonly string[],
  baseline: readonly string[],
): FingerprintDelta {
  const now = new Set(current);
  const before = new Set(baseline);
  return {
    current: now.size,
    baseline: before.size,
    new: [...now].filter((f) => !before.has(f)).sort(),
    fixed: [...before].filter((f) => !now.has(f)).sort(),
  };
}

/** The evidence object holding a fingerprint set: canonical JSON of the sorted list. */
export function encodeFingerprints(fingerprints: readonly string[]): Uint8Array {
  return new TextEncoder().encode(JSON.stringify([...new Set(fingerprints)].sort()));
}

/** Reads a fingerprint object back; undefined unless it is a sorted unique string list. */
export function decodeFingerprints(bytes: Uint8Array): string[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return undefined;
  const list = value;
  const isSortedUnique = list.every((v, i) => i === 0 || (list[i - 1] as string) < v);
  return isSortedUnique ? list : undefined;
}
