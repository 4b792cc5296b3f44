// `proofgate query` views over verified ledger entries, statuses and the manifest. Pure: every
// view returns items (one line each, plus plain data for --json); an unknown id is a usage error,
// never an empty success.
import { LedgerOrder } from '../../ledger/ledger-order.ts';
import { inLedgerOrder } from '../claim/superseded-claims.ts';
import { UsageError } from '../../errors.ts';
import { expandHashPrefix } from '../../ledger/expand-prefix.ts';
import type { JsonObject, StoredEntry } from '../../ledger/types.ts';
import type { Manifest } from '../../plane/types.ts';
import type { ControlStatus } from '../status/compute-status.ts';
import type { ClaimBlocker } from '../claim/decide-claim.ts';
import { nextCommand } from '../../next/next-table.ts';

export const QUERY_VIEWS = [
  'control',
  'run',
  'claim',
  'entry',
  'subject',
  'evidence',
  'authority',
  'head',
  'blockers',
  'decisions',
  'chain',
] as const;
export type QueryView = (typeof QUERY_VIEWS)[number];

export interface QueryItem {
  line: string;
  data: JsonObject;
}

const HEX_PREFIX = /^[0-9a-f]{8,64}$/;

function text(body: JsonObject, key: string): string {
  const value = body[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** One line for an entry: kind, control, status, when, who, hash. */
export function describeEntry(stored: StoredEntry): QueryItem {
  const { entry, hash } = stored;
  const body = entry.body;
  const what = [text(body, 'control'), text(body, 'status') || text(body, 'verdict')]
    .filter((s) => s !== '')
    .join(' ');
  const line = `${hash.slice(0, 12)} ${entry.kind.padEnd(6)} ${what} ${entry.time} by ${entry.actor.authority} in ${entry.actor.context}${entry.actor.keyid === undefined ? '' : ' (signed)'}${describeGrants(body)}`;
  return {
    line,
    data: {
      hash,
      file: stored.file,
      line: stored.line,
      kind: entry.kind,
      time: entry.time,
      actor: { ...entry.actor },
      subject: { ...entry.subject },
      objects: [...entry.storage.objects],
      body,
    },
  };
}

/** The grants an entry records, each labelled signed or unsigned (an unsigned one counts as such). */
function describeGrants(body: JsonObject): string {
  const grants = Array.isArray(body['grants']) ? body['grants'] : [];
  const shown = grants.flatMap((grant) => {
    if (typeof grant !== 'object' || grant === null || Array.isArray(grant)) return [];
    const signed = typeof grant['sig'] === 'string' ? 'signed' : 'unsigned';
    return [`${text(grant, 'kind')} by ${text(grant, 'by')} (${signed})`];
  });
  return shown.length === 0 ? '' : `; grants: ${shown.join(', ')}`;
}

/** The entry whose hash starts with `prefix` (8+ hex digits), or `latest` of `kind`. */
/**
 * The newest of `entries` by recorded time; on equal times the later one in ledger order. Ledger
 * order alone is per segment (each writer's, then the root's), not by time.
 */
export function newestEntry(
  candidates: readonly StoredEntry[],
  all: readonly StoredEntry[] = candidates,
): StoredEntry | undefined {
  if (candidates.length === 0) return undefined;
  return inLedgerOrder(candidates, new LedgerOrder(all)).at(-1);
}

export function findEntry(
  entries: readonly StoredEntry[],
  id: string | undefined,
  kind: 'run' | 'claim',
): StoredEntry {
  const ofKind = entries.filter((e) => e.entry.kind === kind);
  if (id === undefined || id === 'latest') {
    const last = newestEntry(ofKind, entries);
    if (last === undefined)
      throw new UsageError('UNKNOWN_ID', `no ${kind} entry is recorded`, {
        next: kind === 'run' ? nextCommand('evaluateRun') : nextCommand('claimControl'),
      });
    return last;
  }
  return entryByPrefix(ofKind, id, {
    what: `${kind} entry`,
    plural: `${kind} entries`,
    where: `query ${kind} ${id}`,
    none: `no ${kind} entry ${id}`,
    noneNext: `${nextCommand('queryEntry', { hash: id })} looks up an entry of any kind (audit, attest, note, …)`,
  });
}

/** How a lookup by hash prefix names what it looks for, in its messages. */
interface PrefixLookup {
  what: string;
  plural: string;
  where: string;
  /** The message when no entry has the prefix, and the next step then. */
  none: string;
  noneNext: string;
}

/** The one entry of `pool` whose hash starts with `id` (8+ hex digits); anything else is exit 2. */
export function entryByPrefix(
  pool: readonly StoredEntry[],
  id: string,
  names: PrefixLookup,
): StoredEntry {
  if (!HEX_PREFIX.test(id)) {
    throw new UsageError('BAD_VALUE', `${id} is not an entry hash prefix`, {
      expected: '8 to 64 lowercase hex digits, or latest',
    });
  }
  const matches = pool.filter((e) => e.hash.startsWith(id));
  if (matches.length === 1) return matches[0]!;
  // Two or more: refused with the candidates listed.
  if (matches.length > 1)
    expandHashPrefix(
      matches.map((e) => e.hash),
      id,
      { what: names.what, where: names.where, list: nextCommand('queryHead') },
    );
  throw new UsageError(
    'UNKNOWN_ID',
    matches.length === 0 ? names.none : `${id} is ambiguous (${matches.length} ${names.plural})`,
    {
      next:
        matches.length === 0 ? names.noneNext : `${nextCommand('queryHead')}, or a longer prefix`,
    },
  );
}

export function controlView(status: ControlStatus, entries: readonly StoredEntry[]): QueryItem[] {
  const head: QueryItem = {
    line: `${status.control} ${status.status}: ${status.reason} (${status.execution}, owner ${status.owner})`,
    data: { status: JSON.parse(JSON.stringify(status)) as JsonObject },
  };
  // Newest first in ledger order (what each writer had seen), never by the writers' clocks.
  const order = new LedgerOrder(entries);
  const history = entries
    .filter((e) => e.entry.body['control'] === status.control)
    .map((stored, i) => ({ stored, i, rank: order.rank(stored.hash) }))
    .sort((a, b) => b.rank - a.rank || b.i - a.i)
    .map(({ stored }) => describeEntry(stored));
  return [head, ...history];
}

/** The blockers of a claim decision, one line each: status, control [stage], reason → next. */
export function blockersView(blockers: readonly ClaimBlocker[]): QueryItem[] {
  return blockers.map((b) => ({
    line: `${b.status.padEnd(14)} ${b.control} [${b.stage}]: ${b.reason}${b.next === undefined ? '' : ` → ${b.next}`}`,
    data: {
      control: b.control,
      stage: b.stage,
      status: b.status,
      reason: b.reason,
      ...(b.next === undefined ? {} : { next: b.next }),
    },
  }));
}

export function authorityView(
  manifest: Manifest,
  entries: readonly StoredEntry[],
  id: string | undefined,
): QueryItem[] {
  const known = manifest.authorities.map((a) => a.id);
  if (id !== undefined && !known.includes(id)) {
    throw new UsageError('UNKNOWN_ID', `authority ${id} is not in the manifest`, {
      expected: known.join(', '),
    });
  }
  return manifest.authorities
    .filter((a) => id === undefined || a.id === id)
    .map((a) => {
      const count = entries.filter((e) => e.entry.actor.authority === a.id).length;
      const keys = (a.keys ?? []).map((k) => k.keyid);
      return {
        line: `${a.id} (${a.kind}) stages ${a.stages.join(', ')}; ${keys.length} key(s); ${count} entries`,
        data: { id: a.id, kind: a.kind, stages: [...a.stages], keys, entries: count },
      };
    });
}

export function headView(entries: readonly StoredEntry[]): QueryItem[] {
  const bySegment = new Map<string, StoredEntry[]>();
  for (const e of entries) bySegment.set(e.file, [...(bySegment.get(e.file) ?? []), e]);
  return [...bySegment].map(([file, list]) => {
    const last = list.at(-1)!;
    return {
      line: `${file}: ${list.length} entries, head ${last.hash.slice(0, 12)} (${last.entry.kind}, ${last.entry.time})`,
      data: {
        file,
        entries: list.length,
        head: last.hash,
        kind: last.entry.kind,
        time: last.entry.time,
      },
    };
  });
}

/** Entries referencing an evidence object whose digest starts with `prefix`. */
export function evidenceRefs(
  entries: readonly StoredEntry[],
  prefix: string,
): { digest: string; refs: StoredEntry[] } {
  if (!HEX_PREFIX.test(prefix)) {
    throw new UsageError('BAD_VALUE', `${prefix} is not an object digest prefix`, {
      expected: '8 to 64 lowercase hex digits',
    });
  }
  const digests = new Set(
    entries.flatMap((e) => e.entry.storage.objects).filter((d) => d.startsWith(prefix)),
  );
  if (digests.size > 1)
    expandHashPrefix(digests, prefix, {
      what: 'evidence object',
      where: `query evidence ${prefix}`,
      list: `${nextCommand('queryRunLatest')} shows the objects of the latest run`,
    });
  if (digests.size !== 1) {
    throw new UsageError(
      'UNKNOWN_ID',
      digests.size === 0
        ? `no entry references an evidence object ${prefix}`
        : `${prefix} is ambiguous (${digests.size} objects)`,
      { next: `${nextCommand('queryRunLatest')} shows the objects of the latest run` },
    );
  }
  const [digest] = [...digests] as [string];
  return { digest, refs: entries.filter((e) => e.entry.storage.objects.includes(digest)) };
}
