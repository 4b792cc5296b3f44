// The ledger as its readers need it: whole in memory for the report (read, parsed and checked by
// verifyLedger, findings kept; objects checked for presence or re-hashed), or streamed for the gate.
import { type ParsedLedger, parseLedger } from '../../core/ledger/parse-ledger.ts';
import {
  referencedObjects,
  verifyLedger,
  type ObjectState,
  type VerifyLedgerResult,
} from '../../core/ledger/verify-ledger.ts';
import { ledgerIdOf, readLedger } from './ledger-store.ts';
import type { UpstreamCheck } from '../../core/ports.ts';
import { checkAgainstUpstream } from './ledger-upstream.ts';
import { checkObjects, createObjectStore } from './objects.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { LedgerFinding, StoredEntry } from '../../core/ledger/types.ts';
import type { Context } from '../../core/context.ts';
import { checkIntegrity, type IntegrityReport } from './ledger-integrity.ts';
import { keylessFindings } from './verify-ledger-files.ts';
import { usableCheckpoint } from './checkpoint-unchanged.ts';
import { inFileOrder, namesOnlyKnown } from '../../core/ledger/checkpoint-retain.ts';
import type {
  IntegrityAnchor,
  IntegrityInput,
  CheckpointRead,
  LedgerRead,
} from '../../core/world/ledger-port.ts';

export interface VerifiedLedger extends VerifyLedgerResult {
  parsed: ParsedLedger;
}

export async function readVerifiedLedger(
  plane: Plane,
  objectCheck: 'presence' | 'content',
  upstream?: UpstreamCheck,
): Promise<VerifiedLedger> {
  const manifestFile = plane.manifestPath.slice(plane.root.length + 1);
  const snapshot = await readLedger(plane);
  const parsed = parseLedger(snapshot);
  const store = createObjectStore(plane);
  const digests = referencedObjects(parsed);
  let objects: ReadonlyMap<string, ObjectState>;
  if (objectCheck === 'content') objects = await checkObjects(store, digests);
  else {
    const states = new Map<string, ObjectState>();
    for (const digest of digests) states.set(digest, (await store.has(digest)) ? 'ok' : 'missing');
    objects = states;
  }
  const { keyless, ...result } = verifyLedger({
    parsed,
    ledgerId: ledgerIdOf(plane.manifest, manifestFile),
    authorities: plane.manifest.authorities,
    manifestFile,
    objects,
  });
  const keylessProblems = await keylessFindings(plane, keyless);
  result.findings.push(...keylessProblems);
  result.findingCount += keylessProblems.length;
  if (upstream !== undefined)
    result.findings.unshift(...(await checkAgainstUpstream(plane, upstream)));
  return { parsed, ...result };
}

/**
 * One copy of each repeated string: entries repeat the same hashes (prev, heads), subjects, keys
 * and names thousands of times. Only fields that repeat are looked at; times, sequence numbers and
 * signatures are unique per entry. Names (few, looked up often) and hashes (many) are kept apart,
 * and a value equal to the one the segment's previous entry held is taken from it, so most fields
 * cost a comparison rather than a lookup in a large table.
 */
const NAMES_KEPT = 4096;

class StringPool {
  private readonly names = new Map<string, string>();
  private readonly hashes = new Map<string, string>();
  private readonly previous = new Map<string, StoredEntry>();

  share(stored: StoredEntry): StoredEntry {
    const { entry } = stored;
    const segment = this.name(entry.segment);
    const before = this.previous.get(segment)?.entry;
    entry.segment = segment;
    entry.ledger = this.name(entry.ledger, before?.ledger);
    if (entry.prev !== null) entry.prev = this.hash(entry.prev, this.previous.get(segment)?.hash);
    if (entry.merge !== undefined) entry.merge = entry.merge.map((h) => this.hash(h));
    this.shareNames(entry.actor as unknown as Record<string, unknown>, before?.actor);
    this.shareNames(entry.subject as unknown as Record<string, unknown>, before?.subject);
    this.shareNames(entry.body, undefined);
    const heads = entry.storage.heads;
    const headsBefore = before?.storage.heads;
    // The own segment's head is the previous line (`prev`); another segment's head usually has
    // not moved since the previous line of this segment.
    for (const name in heads) {
      const same = name === segment ? (entry.prev ?? undefined) : headsBefore?.[name];
      heads[name] = this.hash(heads[name]!, same);
    }
    const objects = entry.storage.objects;
    for (let i = 0; i < objects.length; i++) objects[i] = this.hash(objects[i]!);
    for (const sig of entry.sigs ?? []) sig.keyid = this.name(sig.keyid);
    // The hash is not pooled: the next line's `prev` takes this very string, and other
    // segments' heads naming this line are pooled among themselves.
    stored.file = this.name(stored.file);
    this.previous.set(segment, stored);
    return stored;
  }

  private name(value: string, before?: string): string {
    if (value === before) return before;
    // Names repeat (authorities, segments, control ids); a ledger whose bodies are all different
    // must not grow a table that saves nothing.
    return this.names.size < NAMES_KEPT
      ? intern(this.names, value)
      : (this.names.get(value) ?? value);
  }

  private hash(value: string, before?: string): string {
    return value === before ? before : intern(this.hashes, value);
  }

  /** The record's own string fields (a body's control, status, stage; nested values stay). */
  private shareNames(record: Record<string, unknown>, before: object | undefined): void {
    const earlier = before as Record<string, unknown> | undefined;
    for (const key in record) {
      const item = record[key];
      if (typeof item !== 'string') continue;
      const same = earlier?.[key];
      record[key] = typeof same === 'string' ? this.name(item, same) : this.name(item);
    }
  }
}

function intern(table: Map<string, string>, value: string): string {
  const first = table.get(value);
  if (first !== undefined) return first;
  table.set(value, value);
  return value;
}

/**
 * The ledger as the gate needs it: every valid entry, with the findings of the one integrity
 * check `verify` runs (ledger-integrity.ts: every line, every referenced object re-hashed, the
 * proofs against HEAD and the anchor, every commit since the anchor). Memory holds the entries but
 * never the segment bytes. Without a clock, no entry is judged dated in the future.
 *
 * With `checkpoint`, the newest trusted checkpoint (ledger-checkpoint.ts) stands for the prefix it
 * covers: the entries are its retained lines and the suffix, and only the suffix is read and
 * checked. Any finding, or a suffix entry naming a prefix entry the checkpoint did not retain,
 * reads the whole ledger instead, so the findings are always those `verify --full` reports.
 */
export async function streamVerifiedEntries(
  plane: Plane,
  anchor?: IntegrityAnchor,
  ctx?: Pick<Context, 'clock'>,
  leading: readonly LedgerFinding[] = [],
  sigstoreRoot?: string,
  options: { checkpoint?: boolean } = {},
): Promise<{ entries: StoredEntry[]; findings: LedgerFinding[]; findingCount: number }> {
  if (options.checkpoint === true && leading.length === 0) {
    const fast = await fromCheckpoint(plane, anchor, ctx, sigstoreRoot);
    if (fast !== undefined) return { entries: fast, findings: [], findingCount: 0 };
  }
  const { entries, report } = await readWholeVerified(
    plane,
    { anchor, leading, sigstoreRoot },
    ctx,
  );
  return { entries, findings: report.findings, findingCount: report.findingCount };
}

/**
 * Every line through the one integrity check, each valid entry kept (its repeated strings shared)
 * with the whole report: the findings are kept, not thrown (the auditor's report shows them).
 */
export async function readWholeVerified(
  plane: Plane,
  input: Omit<IntegrityInput, 'onEntry'>,
  ctx?: Pick<Context, 'clock'>,
): Promise<{ entries: StoredEntry[]; report: IntegrityReport }> {
  const entries: StoredEntry[] = [];
  const pool = new StringPool();
  const onEntry = (stored: StoredEntry): void => {
    entries.push(pool.share(stored));
  };
  const report = await checkIntegrity(plane, { ...input, onEntry }, ctx);
  return { entries, report };
}

let lastRead: LedgerRead | undefined;

/** How the latest read that could start from a checkpoint read the ledger; undefined: none yet. */
export function lastLedgerRead(): LedgerRead | undefined {
  return lastRead;
}

/** Retained ∪ suffix when a trusted checkpoint applies and the suffix is clean, else undefined. */
async function fromCheckpoint(
  plane: Plane,
  anchor: IntegrityAnchor | undefined,
  ctx: Pick<Context, 'clock'> | undefined,
  sigstoreRoot: string | undefined,
): Promise<StoredEntry[] | undefined> {
  const read = await tryCheckpoint(plane, anchor, ctx, sigstoreRoot);
  if ('skipped' in read) {
    lastRead = { from: 'whole', why: read.skipped };
    return undefined;
  }
  const { seal } = read.checkpoint;
  lastRead = { from: 'checkpoint', checkpoint: `${seal.file}:${seal.index + 1}` };
  return read.entries;
}

/**
 * The entries a verdict stands on, read from the newest trusted checkpoint and the suffix after
 * it; undefined when none is usable (checkpoint-unchanged.ts), the suffix has any finding, or a
 * suffix entry names a prefix entry the checkpoint did not retain (the caller then reads the whole
 * ledger, whose findings are those `verify --full` reports).
 */
export async function readFromCheckpoint(
  plane: Plane,
  anchor: IntegrityAnchor | undefined,
  ctx: Pick<Context, 'clock'> | undefined,
  sigstoreRoot: string | undefined,
): Promise<CheckpointRead | undefined> {
  const read = await tryCheckpoint(plane, anchor, ctx, sigstoreRoot);
  return 'skipped' in read ? undefined : read;
}

async function tryCheckpoint(
  plane: Plane,
  anchor: IntegrityAnchor | undefined,
  ctx: Pick<Context, 'clock'> | undefined,
  sigstoreRoot: string | undefined,
): Promise<CheckpointRead | { skipped: string }> {
  const use = await usableCheckpoint(plane, anchor, sigstoreRoot);
  if (!('checkpoint' in use)) return use;
  const { checkpoint } = use;
  const pool = new StringPool();
  const retained = checkpoint.retained.map((stored) => pool.share(stored));
  const suffix: StoredEntry[] = [];
  const report = await checkIntegrity(
    plane,
    { anchor, sigstoreRoot, checkpoint, onEntry: (stored) => suffix.push(pool.share(stored)) },
    ctx,
  );
  if (report.findingCount > 0)
    return { skipped: `the lines after the checkpoint have ${report.findingCount} finding(s)` };
  const entries = inFileOrder(retained, suffix);
  return namesOnlyKnown(entries, suffix)
    ? { entries, report, checkpoint }
    : { skipped: 'a line after the checkpoint names a covered line it did not keep' };
}
