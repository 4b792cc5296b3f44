// `query entry`, `query claim` and `query subject`: one entry of any kind in full, a claim with
// everything it rests on, and the subject tree of a commit. The code an entry judged is named as
// the commit an auditor knows when one of the recent commits has that subject tree. Pure.
import { UsageError } from '../../errors.ts';
import type { JsonObject, StoredEntry } from '../../ledger/types.ts';
import type { GrantedClaimRef } from '../claim/superseded-claims.ts';
import { grantedClaims, inLedgerOrder, supersededIn } from '../claim/superseded-claims.ts';
import { LedgerOrder } from '../../ledger/ledger-order.ts';
import { ROOT_NOTE_TYPE } from '../../ledger/ledger-root.ts';
import { describeEntry, entryByPrefix, newestEntry, type QueryItem } from './query-views.ts';
import { nextCommand } from '../../next/next-table.ts';

/** What names a subject tree: matching commits and what the tree leaves out of them. */
export interface SubjectNames {
  /** Subject tree id → the newest commit (of the searched ones) with that subject tree. */
  commitOf: ReadonlyMap<string, string>;
  /** Paths left out of a commit's tree, e.g. `.proofgate/evidence/`. */
  excludes: readonly string[];
  /** How many commits were searched. */
  searched: number;
}

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const BODY_SHOWN = 600;

/** "tree 897e73c6 = commit 04ba4df minus .proofgate/evidence/, …", or why no commit is named. */
export function describeSubject(tree: string, names: SubjectNames): string {
  const commit = names.commitOf.get(tree);
  const minus = shownExcludes(names.excludes);
  return commit === undefined
    ? `tree ${tree.slice(0, 8)} (no commit among the latest ${names.searched} has this tree minus ${minus}; uncommitted code, or older)`
    : `tree ${tree.slice(0, 8)} = commit ${commit.slice(0, 7)} minus ${minus}`;
}

/**
 * The left-out paths as a reader reads them: a run of `[0-9a-f]` classes (the pathspec of an
 * object name, up to 64 of them) shown as `*`. `--json` keeps the exact pathspecs.
 */
function shownExcludes(excludes: readonly string[]): string {
  return [...new Set(excludes.map((e) => e.replace(/(?:\[0-9a-f\])+/g, '*')))].join(', ');
}

const isRoot = (stored: StoredEntry): boolean =>
  stored.entry.kind === 'note' &&
  (stored.entry.body as { type?: unknown } | undefined)?.type === ROOT_NOTE_TYPE;

/**
 * The entry of any kind whose hash starts with `id` (8+ hex digits), or with `latest` the last
 * entry in ledger order (never by the writers' clocks) that is not the ledger root (the note init records; its segment sorts after the writers'
 * segments): a run, audit, attestation, claim, seal, key or other note. The root only when it is
 * the ledger's only entry.
 */
export function findAnyEntry(entries: readonly StoredEntry[], id: string | undefined): StoredEntry {
  if (id === undefined || id === 'latest') {
    const last =
      newestEntry(
        entries.filter((e) => !isRoot(e)),
        entries,
      ) ?? entries.at(-1);
    if (last === undefined) throw new UsageError('UNKNOWN_ID', 'the ledger has no entries');
    return last;
  }
  return entryByPrefix(entries, id, {
    what: 'ledger entry',
    plural: 'entries',
    where: `query entry ${id}`,
    none: `no entry ${id} in the ledger`,
    noneNext: `${nextCommand('queryHead')}, or a longer prefix`,
  });
}

const detail = (label: string, value: string, data: JsonObject = {}): QueryItem => ({
  line: `  ${label.padEnd(10)} ${value}`,
  data,
});

function objectLine(digest: string, size: number | undefined): string {
  if (digest === EMPTY_SHA256 || size === 0) return `${digest.slice(0, 12)} empty output (0 bytes)`;
  return `${digest.slice(0, 12)} ${size === undefined ? 'MISSING from the object store' : `${size} bytes`} (${nextCommand('queryEvidence', { digest: digest.slice(0, 12) })})`;
}

/** One entry of any kind: where, who, the code it judged, its objects and its body. */
export function entryView(
  stored: StoredEntry,
  entries: readonly StoredEntry[],
  names: SubjectNames,
  sizes: ReadonlyMap<string, number | undefined>,
): QueryItem[] {
  const { entry } = stored;
  if (entry.kind === 'claim') {
    const claim = grantedClaims([stored])[0];
    if (claim !== undefined) return claimView(claim, stored, entries, names);
  }
  const body = JSON.stringify(entry.body);
  return [
    describeEntry(stored),
    detail('where', `${stored.file}:${stored.line}`),
    detail('code', describeSubject(entry.subject.tree, names)),
    ...entry.storage.objects.map((d) => detail('object', objectLine(d, sizes.get(d)))),
    detail(
      'body',
      body.length > BODY_SHOWN ? `${body.slice(0, BODY_SHOWN)}… (--json has all)` : body,
    ),
  ];
}

/** A claim with scope, controls, code, stages, whether it is superseded, and every supporting entry. */
export function claimView(
  claim: GrantedClaimRef,
  stored: StoredEntry,
  entries: readonly StoredEntry[],
  names: SubjectNames,
): QueryItem[] {
  const { body } = claim;
  const supersededBy = supersededIn(entries).get(claim.hash);
  const stages = Object.entries(body.stages)
    .map(([stage, a]) => `${stage}: ${a.authorities.join(', ')} @ ${a.contexts.join(', ')}`)
    .join('; ');
  // The body lists the hashes sorted as strings; a reader gets them in ledger order (the run
  // before the audit that reviewed it), whatever the hashes, then any the ledger lacks.
  const byHash = new Map(entries.map((e) => [e.hash, e]));
  const found = body.supporting.flatMap((hash) => byHash.get(hash) ?? []);
  const supporting: QueryItem[] = [
    ...inLedgerOrder(found, new LedgerOrder(entries)).map((e) => ({
      ...describeEntry(e),
      line: `    ${describeEntry(e).line}`,
    })),
    ...body.supporting
      .filter((hash) => !byHash.has(hash))
      .map((hash) => ({
        line: `    ${hash.slice(0, 12)} NOT IN THE LEDGER`,
        data: { hash, missing: true },
      })),
  ];
  return [
    describeEntry(stored),
    detail(
      'status',
      supersededBy === undefined
        ? `${body.outcome} (latest ${body.scope} claim covering these controls)`
        : `SUPERSEDED by claim ${supersededBy.slice(0, 12)} (a later ${body.scope} claim covers all its controls)`,
      supersededBy === undefined ? {} : { supersededBy },
    ),
    detail('scope', `${body.scope} at ${body.maturity}`),
    detail('controls', body.controls.join(', ')),
    detail('code', describeSubject(stored.entry.subject.tree, names)),
    detail('stages', stages),
    detail(
      'supporting',
      `${body.supporting.length} entries (open one: ${nextCommand('queryEntry')})`,
    ),
    ...supporting,
  ];
}

/** `query subject <commit>`: the commit's subject tree and the entries bound to it. */
export function subjectView(
  commit: string,
  tree: string,
  excludes: readonly string[],
  entries: readonly StoredEntry[],
): QueryItem[] {
  const bound = entries.filter((e) => e.entry.subject.tree === tree);
  return [
    {
      line: `commit ${commit.slice(0, 7)} minus ${shownExcludes(excludes)} = tree ${tree}`,
      data: { commit, tree, excludes: [...excludes], entries: bound.length },
    },
    detail('entries', `${bound.length} ledger entries judged this code`),
    ...bound.map((e) => ({ ...describeEntry(e), line: `    ${describeEntry(e).line}` })),
  ];
}
