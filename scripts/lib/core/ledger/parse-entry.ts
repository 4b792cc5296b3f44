// Defensive parsing of one ledger entry read from disk (see ARCHITECTURE.md): every field is treated
// as attacker-controlled, unknown keys are refused, and every problem is collected.
import { ENTRY_KINDS } from './types.ts';
import type { EntryKind, LedgerEntry } from './types.ts';

export const HEX64 = /^[0-9a-f]{64}$/;
/** git tree ids: sha1 (40) or sha256 (64) object format. */
const TREE_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
/** ledger-format.md "Segments": lowercase, starts with a letter or digit, at most 100 chars. */
export const SEGMENT_NAME = /^[a-z0-9][a-z0-9._-]{0,99}$/;
const LEDGER_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MAX_TEXT = 1024;
/** The writer's clone id (the first part of its segment names) and host name (at most 255 chars). */
const CLONE_ID = /^[0-9a-f]{8}$/;
const HOST_NAME = /^\P{Cc}{1,255}$/u;
const optionalActor = ['keyid', 'origin'];

type Record_ = Record<string, unknown>;

function isRecord(value: unknown): value is Record_ {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class Checker {
  readonly problems: string[] = [];

  object(value: unknown, path: string, required: string[], optional: string[] = []): Record_ {
    if (!isRecord(value)) {
      this.problems.push(`${path} must be an object`);
      return {};
    }
    for (const key of required) {
      if (!(key in value)) this.problems.push(`${path}/${key} is missing`);
    }
    for (const key of Object.keys(value)) {
      if (!required.includes(key) && !optional.includes(key)) {
        this.problems.push(`${path}/${key} is not a known field`);
      }
    }
    return value;
  }

  text(value: unknown, path: string, pattern?: RegExp): void {
    if (typeof value !== 'string' || value.length === 0 || value.length > MAX_TEXT) {
      this.problems.push(`${path} must be a non-empty string of at most ${MAX_TEXT} chars`);
    } else if (pattern !== undefined && !pattern.test(value)) {
      this.problems.push(`${path} ${JSON.stringify(value)} does not match ${String(pattern)}`);
    }
  }

  hexList(value: unknown, path: string, { sorted }: { sorted: boolean }): void {
    if (!Array.isArray(value)) return void this.problems.push(`${path} must be an array`);
    value.forEach((item, index) => this.text(item, `${path}/${index}`, HEX64));
    const strings = value.filter((v): v is string => typeof v === 'string');
    if (new Set(strings).size !== strings.length) this.problems.push(`${path} has duplicates`);
    if (sorted && strings.some((v, i) => i > 0 && strings[i - 1]! >= v)) {
      this.problems.push(`${path} must be sorted ascending`);
    }
  }
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Digits [from, to) of a string already known to match ISO_TIME, as a number. */
function digits(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + text.charCodeAt(i) - 48;
  return n;
}

/**
 * Whether an ISO_TIME string names a real instant that toISOString() prints the same way: month
 * 1–12, a day that exists in that month (29 February only in leap years), hour < 24, minute and
 * second < 60. Integer checks instead of a Date round trip, which cost a ledger read ~0.8 µs a line.
 */
export function isRealUtcInstant(text: string): boolean {
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  if (month < 1 || month > 12 || day < 1) return false;
  const isLeap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const monthDays = month === 2 && isLeap ? 29 : DAYS_IN_MONTH[month - 1]!;
  return (
    day <= monthDays &&
    digits(text, 11, 13) < 24 &&
    digits(text, 14, 16) < 60 &&
    digits(text, 17, 19) < 60
  );
}

function checkTime(c: Checker, value: unknown): void {
  c.text(value, '/time', ISO_TIME);
  if (typeof value === 'string' && ISO_TIME.test(value) && !isRealUtcInstant(value)) {
    c.problems.push(`/time ${value} is not a real UTC instant`);
  }
}

function checkSubject(c: Checker, value: unknown): void {
  const s = c.object(
    value,
    '/subject',
    ['tree', 'manifest', 'registry'],
    ['control', 'inputs', 'policy'],
  );
  c.text(s['tree'], '/subject/tree', TREE_ID);
  for (const key of ['manifest', 'registry', 'control', 'inputs', 'policy']) {
    if (key in s) c.text(s[key], `/subject/${key}`, HEX64);
  }
}

function checkStorage(c: Checker, value: unknown): void {
  const s = c.object(value, '/storage', ['heads', 'objects']);
  const raw = s['heads'];
  const heads = isRecord(raw) ? raw : {};
  if (!isRecord(raw)) c.problems.push('/storage/heads must be an object');
  for (const [segment, hash] of Object.entries(heads)) {
    c.text(segment, `/storage/heads key`, SEGMENT_NAME);
    c.text(hash, `/storage/heads/${segment}`, HEX64);
  }
  if ('objects' in s) c.hexList(s['objects'], '/storage/objects', { sorted: true });
}

function checkSigs(c: Checker, value: unknown): void {
  if (!Array.isArray(value) || value.length === 0) {
    return void c.problems.push('/sigs must be a non-empty array when present');
  }
  value.forEach((item, index) => {
    // A keyless signature names its Sigstore bundle (an evidence object) instead of a signature.
    if (isRecord(item) && 'bundle' in item) {
      const keyless = c.object(item, `/sigs/${index}`, ['bundle', 'keyid']);
      c.text(keyless['keyid'], `/sigs/${index}/keyid`, HEX64);
      return void c.text(keyless['bundle'], `/sigs/${index}/bundle`, HEX64);
    }
    const sig = c.object(item, `/sigs/${index}`, ['keyid', 'sig']);
    c.text(sig['keyid'], `/sigs/${index}/keyid`, HEX64);
    c.text(sig['sig'], `/sigs/${index}/sig`);
    if (typeof sig['sig'] === 'string' && !isCanonicalBase64(sig['sig'], 64)) {
      c.problems.push(`/sigs/${index}/sig is not canonical base64 of 64 bytes`);
    }
  });
}

/** Checks `value` (parsed from a canonical line) against the entry shape; collects every problem. */
export function parseEntry(value: unknown): { entry?: LedgerEntry; problems: string[] } {
  if (!isRecord(value)) return { problems: ['the line is not a JSON object'] };
  const c = new Checker();
  const optional = ['merge', 'sigs'];
  const required = ['v', 'kind', 'ledger', 'segment', 'seq', 'prev', 'time', 'actor'];
  const e = c.object(value, '', [...required, 'subject', 'storage', 'body'], optional);
  if (e['v'] !== 1) c.problems.push('/v must be 1');
  if (!ENTRY_KINDS.includes(e['kind'] as EntryKind)) {
    c.problems.push(`/kind must be one of ${ENTRY_KINDS.join(', ')}`);
  }
  c.text(e['ledger'], '/ledger', LEDGER_ID);
  c.text(e['segment'], '/segment', SEGMENT_NAME);
  const seq = e['seq'];
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) {
    c.problems.push('/seq must be a non-negative integer');
  }
  if (e['prev'] !== null) c.text(e['prev'], '/prev', HEX64);
  if (seq === 0 && e['prev'] !== null) c.problems.push('/prev must be null at seq 0');
  if (typeof seq === 'number' && seq > 0 && e['prev'] === null) {
    c.problems.push('/prev must be a hash after seq 0');
  }
  if ('merge' in e) {
    c.hexList(e['merge'], '/merge', { sorted: false });
    if (Array.isArray(e['merge']) && e['merge'].length === 0) c.problems.push('/merge is empty');
  }
  checkTime(c, e['time']);
  const actor = c.object(e['actor'], '/actor', ['label', 'authority', 'context'], optionalActor);
  c.text(actor['label'], '/actor/label');
  c.text(actor['authority'], '/actor/authority');
  c.text(actor['context'], '/actor/context');
  if ('keyid' in actor) c.text(actor['keyid'], '/actor/keyid', HEX64);
  if ('origin' in actor) {
    const origin = c.object(actor['origin'], '/actor/origin', ['clone', 'host']);
    c.text(origin['clone'], '/actor/origin/clone', CLONE_ID);
    c.text(origin['host'], '/actor/origin/host', HOST_NAME);
  }
  checkSubject(c, e['subject']);
  checkStorage(c, e['storage']);
  if (!isRecord(e['body'])) c.problems.push('/body must be an object');
  if ('sigs' in e) checkSigs(c, e['sigs']);
  if ('keyid' in actor !== 'sigs' in e) {
    c.problems.push('/actor/keyid and /sigs must be present together');
  }
  if (c.problems.length > 0) return { problems: c.problems };
  return { entry: value as unknown as LedgerEntry, problems: [] };
}

/** Base64 alphabet value of each character code (−1 outside the standard alphabet). */
const BASE64_VALUE = (() => {
  const table = new Int8Array(128).fill(-1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  return table;
})();

/**
 * True when `text` is the one standard padded base64 encoding of exactly `size` bytes. Node's
 * decoder ignores unused padding bits and junk (references/ledger-format.md), so the text itself is
 * checked: the right length and padding, only alphabet characters, and zero unused bits in the
 * last character before the padding (a re-encoding would differ there).
 */
export function isCanonicalBase64(text: string, size: number): boolean {
  const padding = (3 - (size % 3)) % 3;
  const length = Math.ceil(size / 3) * 4;
  if (text.length !== length) return false;
  const data = length - padding;
  for (let i = data; i < length; i++) if (text.charCodeAt(i) !== 0x3d) return false;
  for (let i = 0; i < data; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || BASE64_VALUE[code]! < 0) return false;
  }
  const unusedBits = padding * 2;
  return data === 0 || (BASE64_VALUE[text.charCodeAt(data - 1)]! & ((1 << unusedBits) - 1)) === 0;
}
