// The ledger timeline of the auditor's report: the latest N entries in full, and counts by kind,
// authority and day for all of them, so a ledger of any size gives a report of bounded size.
// "Latest" is ledger order (what each writer had seen), so a forged clock cannot move an entry.
import { inLedgerOrder } from '../gate/claim/superseded-claims.ts';
import type { LedgerOrder } from '../ledger/ledger-order.ts';
import type { Actor, EntryKind, JsonObject, StoredEntry } from '../ledger/types.ts';

interface TimelineRow {
  time: string;
  kind: EntryKind;
  /** What the entry records, e.g. `T.unit PASS` or `project PASS`. */
  summary: string;
  actor: Actor;
  /** git tree id the entry judged. */
  tree: string;
  hash: string;
  file: string;
  line: number;
  /** Evidence object digests the entry refers to. */
  objects: string[];
  /** Listed because a granted claim cites it, though older than the latest N. */
  isPinned: boolean;
}

export interface LedgerSummary {
  total: number;
  /** Latest first. */
  latest: TimelineRow[];
  byKind: [string, number][];
  byAuthority: [string, number][];
  /** Latest day first. */
  byDay: [string, number][];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '?');

/** One line about an entry body; every field is attacker-controlled, so only strings are shown. */
function summarizeBody(kind: EntryKind, body: JsonObject): string {
  switch (kind) {
    case 'run':
    case 'attest':
      return `${text(body['control'])} ${text(body['status'])}`;
    case 'audit':
      return `${text(body['control'])} ${text(body['stage'])} ${text(body['agreement'])}`;
    case 'claim':
      return `${text(body['scope'])} ${text(body['outcome'])}`;
    default:
      return kind;
  }
}

/** The last `n` entries in ledger order (what each writer had seen), latest first; never by clock. */
function latestFirst(
  entries: readonly StoredEntry[],
  n: number,
  order: LedgerOrder,
): StoredEntry[] {
  return inLedgerOrder(entries, order).reverse().slice(0, Math.max(0, n));
}

function countBy(entries: readonly StoredEntry[], key: (e: StoredEntry) => string) {
  const counts = new Map<string, number>();
  for (const e of entries) {
    const k = key(e);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

const byCountThenName = (a: [string, number], b: [string, number]): number =>
  b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * The entries listed in full: the latest `maxEntries`, then every entry in `pinned` (hashes a
 * granted claim cites) that is older, so each supporting entry of a listed claim can be opened.
 */
export function timelineEntries(
  entries: readonly StoredEntry[],
  maxEntries: number,
  pinned: ReadonlySet<string> = new Set(),
  order: LedgerOrder,
): { entry: StoredEntry; isPinned: boolean }[] {
  const latest = latestFirst(entries, maxEntries, order);
  if (pinned.size === 0) return latest.map((entry) => ({ entry, isPinned: false }));
  const listed = new Set(latest.map((e) => e.hash));
  const missing = entries.filter((e) => pinned.has(e.hash) && !listed.has(e.hash));
  const older = latestFirst(missing, missing.length, order);
  return [
    ...latest.map((entry) => ({ entry, isPinned: false })),
    ...older.map((entry) => ({ entry, isPinned: true })),
  ];
}

/** `timeline` is what timelineEntries chose to list; every entry is counted. */
export function summarizeLedger(
  entries: readonly StoredEntry[],
  timeline: readonly { entry: StoredEntry; isPinned: boolean }[],
): LedgerSummary {
  const latest = timeline.map(({ entry: { entry, hash, file, line }, isPinned }): TimelineRow => ({
    time: entry.time,
    kind: entry.kind,
    summary: summarizeBody(entry.kind, entry.body),
    actor: entry.actor,
    tree: entry.subject.tree,
    hash,
    file,
    line,
    objects: entry.storage.objects,
    isPinned,
  }));
  const days = [...countBy(entries, (e) => e.entry.time.slice(0, 10))];
  return {
    total: entries.length,
    latest,
    byKind: [...countBy(entries, (e) => e.entry.kind)].sort(byCountThenName),
    byAuthority: [...countBy(entries, (e) => e.entry.actor.authority)].sort(byCountThenName),
    byDay: days.sort((a, b) => (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0)),
  };
}
