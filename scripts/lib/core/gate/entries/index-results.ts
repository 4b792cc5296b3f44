// Turns ledger entries into per-control, per-stage result records in ledger order. Malformed bodies
// are skipped: a result that cannot be read can never satisfy a control.
import type { Actor, AuditStage, StoredEntry, SubjectBinding } from '../../ledger/types.ts';
import type { AttestBody, AuditBody, ResultStatus, RunDetails } from './bodies.ts';
import { parseAttestBody, parseAuditBody, parseRunResult } from './parse-body.ts';
import { LedgerOrder } from '../../ledger/ledger-order.ts';

export interface ResultRecord {
  kind: 'run' | 'audit' | 'attest';
  control: string;
  stage: AuditStage;
  status: ResultStatus;
  hash: string;
  time: string;
  actor: Actor;
  subject: SubjectBinding;
  /** The execution behind a run, or an audit's re-execution. */
  run?: RunDetails;
  audit?: AuditBody;
  attest?: AttestBody;
}

function toRecord(stored: StoredEntry): ResultRecord | undefined {
  const { entry, hash } = stored;
  const { time, actor, subject } = entry;
  if (entry.kind === 'run') {
    const result = parseRunResult(entry.body);
    if (result === undefined) return undefined;
    const { control, stage, status, run } = result;
    return { hash, time, actor, subject, kind: 'run', control, stage, status, run };
  }
  if (entry.kind === 'audit') {
    const body = parseAuditBody(entry.body);
    if (body === undefined) return undefined;
    const record: ResultRecord = {
      hash,
      time,
      actor,
      subject,
      kind: 'audit',
      control: body.control,
      stage: body.stage,
      status: body.status,
      audit: body,
    };
    if (body.run !== undefined) record.run = body.run;
    return record;
  }
  if (entry.kind === 'attest') {
    const body = parseAttestBody(entry.body);
    if (body === undefined) return undefined;
    return {
      hash,
      time,
      actor,
      subject,
      kind: 'attest',
      control: body.control,
      stage: 'self',
      status: body.status,
      attest: body,
    };
  }
  return undefined;
}

/** Whether the entry is a result about one of `wanted` (a body without a control id is none). */
function isAbout(stored: StoredEntry, wanted: ReadonlySet<string>): boolean {
  const { kind, body } = stored.entry;
  if (kind !== 'run' && kind !== 'audit' && kind !== 'attest') return false;
  const control = body['control'];
  return typeof control === 'string' && wanted.has(control);
}

/**
 * Records keyed by `control` then `stage`, each list in ledger order (core/ledger/ledger-order.ts):
 * every record after all the records its writer had seen. Unordered records (from writers that
 * never saw each other) keep a fixed order by segment and line; `latestOf` tells them apart. The
 * writer's `time` is never consulted: it is whatever the writer's clock said.
 */
export function indexResults(
  entries: readonly StoredEntry[],
  order: LedgerOrder = new LedgerOrder(entries),
  /** Only results about these controls are read (the rest are never parsed); all when absent. */
  wanted?: ReadonlySet<string>,
): ResultIndex {
  // The same ledger, order and controls give the same index: a verdict and a view of it (the
  // report's statuses after its claim decisions) share one instead of parsing every result twice.
  const key = wanted === undefined ? null : [...wanted].sort().join('\n');
  const cached = built.get(entries);
  if (cached?.order === order && cached.key === key && cached.length === entries.length)
    return cached.index;
  const index = buildIndex(entries, order, wanted);
  built.set(entries, { order, key, length: entries.length, index });
  return index;
}

type ResultIndex = ReadonlyMap<string, ReadonlyMap<AuditStage, readonly ResultRecord[]>>;

/** The last index built over each entries array, with what it was built for. */
const built = new WeakMap<
  readonly StoredEntry[],
  { order: LedgerOrder; key: string | null; length: number; index: ResultIndex }
>();

function buildIndex(
  entries: readonly StoredEntry[],
  order: LedgerOrder,
  wanted: ReadonlySet<string> | undefined,
): ResultIndex {
  const records = entries
    .filter((stored) => wanted === undefined || isAbout(stored, wanted))
    .map((stored) => ({ stored, record: toRecord(stored) }))
    .filter((r): r is { stored: StoredEntry; record: ResultRecord } => r.record !== undefined)
    .map(({ stored, record }) => ({ record, rank: order.rank(stored.hash), stored }))
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        (a.stored.entry.segment < b.stored.entry.segment
          ? -1
          : a.stored.entry.segment > b.stored.entry.segment
            ? 1
            : a.stored.line - b.stored.line),
    );
  const index = new Map<string, Map<AuditStage, ResultRecord[]>>();
  for (const { record } of records) {
    let byStage = index.get(record.control);
    if (byStage === undefined) {
      byStage = new Map<AuditStage, ResultRecord[]>();
      index.set(record.control, byStage);
    }
    const list = byStage.get(record.stage) ?? [];
    list.push(record);
    byStage.set(record.stage, list);
  }
  return index;
}

export interface Latest {
  /** The deciding record: the last in ledger order, or one of the unordered last ones. */
  latest: ResultRecord;
  /**
   * Last records that neither came before `latest` nor after it and say something else (another
   * status): a conflict between writers that never saw each other. Empty when none.
   */
  rivals: ResultRecord[];
}

/**
 * The latest of `records` (listed in ledger order) by ledger order: the records no other record
 * came after. When those disagree on the status, the result is a conflict that only a record
 * written after all of them (a re-run that has seen both branches) resolves.
 */
export function latestOf(records: readonly ResultRecord[], order: LedgerOrder): Latest | undefined {
  const latest = records.at(-1);
  if (latest === undefined) return undefined;
  // Only a record further down the list can come after one; checking against the last records
  // found so far is enough, because whatever comes after a record comes before one of them.
  const last: ResultRecord[] = [];
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i]!;
    if (!last.some((later) => order.isBefore(record.hash, later.hash))) last.push(record);
  }
  const rivals = last.filter((r) => r !== latest && r.status !== latest.status);
  return { latest, rivals };
}

/**
 * The matching rule (references/statuses.md): a result judges the current code when it was made
 * for the same control definition and, when the control declares `inputs`, the same inputs digest,
 * otherwise the same tree. An attestation binds the control definition and the subject it judged:
 * the control's `inputs` when it declares them, else the tree, so later work on them needs a new
 * attestation whatever its age (an acceptance written for one task never satisfies the next). A
 * standing attestation (`attest --standing`, about nothing in the code) binds the definition
 * only and always expires. Committing an attestation never stales it: evidence is not in the tree.
 * Manifest and registry digests are recorded but not compared: an edit to another control must
 * not stale this one, and this control's own definition is covered by `control`.
 */
export function matchesBinding(record: ResultRecord, current: SubjectBinding): boolean {
  if (current.control === undefined || record.subject.control !== current.control) return false;
  if (record.kind === 'attest') {
    if (current.inputs !== undefined) return record.subject.inputs === current.inputs;
    return record.attest?.standing === true || record.subject.tree === current.tree;
  }
  if (policyChanged(record, current)) return false;
  if (current.inputs !== undefined) return record.subject.inputs === current.inputs;
  return record.subject.tree === current.tree;
}

/** The decisive manifest parts changed (results recorded before policies were bound never differ). */
export function policyChanged(record: ResultRecord, current: SubjectBinding): boolean {
  return (
    record.subject.policy !== undefined &&
    current.policy !== undefined &&
    record.subject.policy !== current.policy
  );
}
