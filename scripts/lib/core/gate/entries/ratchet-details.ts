// What a ratchet run records beside the usual run details, and the `note` entries that hold
// baselines. Bodies read from disk are untrusted: malformed ones never count.
import { LedgerOrder } from '../../ledger/ledger-order.ts';
import type { JsonObject, JsonValue, StoredEntry } from '../../ledger/types.ts';

export interface RatchetDetails {
  /** Digest of the fingerprint-set evidence object; absent when the output could not be read. */
  fingerprints?: string;
  count?: number;
  /** Why the output could not be read (the run is FAIL). */
  problem?: string;
  /** Hash of the baseline note compared against, when one exists. */
  baseline?: string;
  baseline_count?: number;
  new?: number;
  fixed?: number;
}

export interface BaselineBody {
  type: 'baseline';
  control: string;
  /** Digest of the fingerprint-set evidence object. */
  fingerprints_object: string;
  count: number;
  /** Hash of the run entry whose output the baseline was taken from. */
  run: string;
}

export interface BaselineRecord extends BaselineBody {
  hash: string;
  time: string;
}

const HEX64 = /^[0-9a-f]{64}$/;
const isObject = (v: JsonValue | undefined): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isNat = (v: JsonValue | undefined): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isHex = (v: JsonValue | undefined): v is string => typeof v === 'string' && HEX64.test(v);

export function parseRatchetDetails(v: JsonValue | undefined): RatchetDetails | undefined {
  if (!isObject(v)) return undefined;
  const out: RatchetDetails = {};
  for (const [key, value] of Object.entries(v)) {
    if ((key === 'fingerprints' || key === 'baseline') && isHex(value)) out[key] = value;
    else if (
      (key === 'count' || key === 'baseline_count' || key === 'new' || key === 'fixed') &&
      isNat(value)
    )
      out[key] = value;
    else if (key === 'problem' && typeof value === 'string') out.problem = value;
    else return undefined;
  }
  const isRead = out.fingerprints !== undefined && out.count !== undefined;
  return isRead !== (out.problem !== undefined) ? out : undefined;
}

export function describeRatchet(r: RatchetDetails): string {
  if (r.problem !== undefined) return `unreadable ratchet output: ${r.problem}`;
  if (r.count === 0) return 'no violations: the debt is paid';
  const against =
    r.baseline === undefined
      ? ' (no baseline recorded)'
      : ` (baseline ${r.baseline_count ?? '?'}: ${r.fixed ?? '?'} fixed, ${r.new ?? '?'} new)`;
  return `open debt: ${r.count} violations${against}`;
}

export function parseBaselineBody(body: JsonObject): BaselineBody | undefined {
  const { type, control, fingerprints_object, count, run } = body;
  if (type !== 'baseline' || typeof control !== 'string' || control === '') return undefined;
  if (!isHex(fingerprints_object) || !isNat(count) || !isHex(run)) return undefined;
  if (Object.keys(body).length !== 5) return undefined;
  return { type, control, fingerprints_object, count, run };
}

/**
 * The latest baseline note per control in ledger order (a note whose writer had seen another comes
 * after it; unordered notes from clones that never met keep the later-listed one). The writer's
 * clock plays no part.
 */
export function latestBaselines(entries: readonly StoredEntry[]): Map<string, BaselineRecord> {
  const order = new LedgerOrder(entries);
  const latest = new Map<string, BaselineRecord & { rank: number }>();
  for (const stored of entries) {
    if (stored.entry.kind !== 'note') continue;
    const body = parseBaselineBody(stored.entry.body);
    if (body === undefined) continue;
    const previous = latest.get(body.control);
    const rank = order.rank(stored.hash);
    if (previous !== undefined && previous.rank > rank) continue;
    latest.set(body.control, { ...body, hash: stored.hash, time: stored.entry.time, rank });
  }
  return new Map([...latest].map(([control, { rank: _rank, ...record }]) => [control, record]));
}

export function findBaseline(
  entries: readonly StoredEntry[],
  hash: string,
): BaselineRecord | undefined {
  const stored = entries.find((e) => e.hash === hash && e.entry.kind === 'note');
  const body = stored === undefined ? undefined : parseBaselineBody(stored.entry.body);
  return stored === undefined || body === undefined
    ? undefined
    : { ...body, hash: stored.hash, time: stored.entry.time };
}
