// Where a result was written, compared with the results it reviews. The clone id (the first part
// of every segment name the writer appends to, and `actor.origin.clone`) and the host name
// (`actor.origin.host`) are what the writer states: an agent can state anything. So they only
// ever weaken a verdict: a match is a finding, a difference proves nothing. Pure.
import type { LedgerEntry, StoredEntry } from '../../ledger/types.ts';

const CLONE_PREFIX = /^([0-9a-f]{8})-/;

/** The clone ids an entry states: its origin's, and its segment name's first part. */
function clonesOf(entry: LedgerEntry): Set<string> {
  const clones = new Set<string>();
  if (entry.actor.origin !== undefined) clones.add(entry.actor.origin.clone);
  const prefix = CLONE_PREFIX.exec(entry.segment)?.[1];
  if (prefix !== undefined) clones.add(prefix);
  return clones;
}

/** The clone id both entries state, if any. */
export function sharedClone(a: LedgerEntry, b: LedgerEntry): string | undefined {
  const theirs = clonesOf(b);
  return [...clonesOf(a)].find((clone) => theirs.has(clone));
}

/** The host name both entries state, if any (entries of older versions state none). */
export function sharedHost(a: LedgerEntry, b: LedgerEntry): string | undefined {
  const host = a.actor.origin?.host;
  return host !== undefined && host === b.actor.origin?.host ? host : undefined;
}

/** How `later` relates to `earlier` by place: same clone, same host (other clone), or neither. */
type PlaceMatch =
  { kind: 'clone'; clone: string } | { kind: 'host'; host: string } | { kind: 'none' };

export function comparePlaces(later: LedgerEntry, earlier: LedgerEntry): PlaceMatch {
  const clone = sharedClone(later, earlier);
  if (clone !== undefined) return { kind: 'clone', clone };
  const host = sharedHost(later, earlier);
  return host === undefined ? { kind: 'none' } : { kind: 'host', host };
}

/** What an entry is, for a finding: "run", "cross audit". */
function nameOf(entry: LedgerEntry): string {
  const stage = entry.body['stage'];
  if (entry.kind === 'audit' && typeof stage === 'string') return `${stage} audit`;
  return entry.kind;
}

/** The results an audit reviews, nearest first: its reviewed entry, that one's, down to the run. */
export function reviewChain(
  audit: StoredEntry,
  find: (hash: string) => StoredEntry | undefined,
): StoredEntry[] {
  const chain: StoredEntry[] = [];
  let current: StoredEntry | undefined = audit;
  while (current !== undefined && chain.length < 8) {
    const reviewed: unknown =
      current.entry.kind === 'audit' ? current.entry.body['reviewed'] : undefined;
    current = typeof reviewed === 'string' ? find(reviewed) : undefined;
    if (current !== undefined) chain.push(current);
  }
  return chain;
}

/** The finding for a place match, or undefined when the places differ. */
export function describePlace(
  match: PlaceMatch,
  later: LedgerEntry,
  earlier: LedgerEntry,
): string | undefined {
  if (match.kind === 'none') return undefined;
  const what = `${nameOf(later)} written from the same`;
  return match.kind === 'clone'
    ? `${what} clone (${match.clone}) as the ${nameOf(earlier)} it reviews: not independent`
    : `${what} host (${match.host}) as the ${nameOf(earlier)} it reviews, from another clone: a key on that machine may be within the developer's reach`;
}
