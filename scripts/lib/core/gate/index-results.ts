// Turns ledger entries into per-control, per-stage result records in time order. Malformed bodies
// are skipped: a result that cannot be read can never satisfy a control.
import type { Actor, AuditStage, StoredEntry, SubjectBinding } from '../ledger/types.ts';
import type { AttestBody, AuditBody, ResultStatus, RunDetails } from './bodies.ts';
import { parseAttestBody, parseAuditBody, parseRunBody } from './parse-body.ts';

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
  const base = { hash, time: entry.time, actor: entry.actor, subject: entry.subject };
  if (entry.kind === 'run') {
    const body = parseRunBody(entry.body);
    if (body === undefined) return undefined;
    const { control, stage, status, ...run } = body;
    return { ...base, kind: 'run', control, stage, status, run };
  }
  if (entry.kind === 'audit') {
    const body = parseAuditBody(entry.body);
    if (body === undefined) return undefined;
    const record: ResultRecord = {
      ...base,
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
      ...base,
      kind: 'attest',
      control: body.control,
      stage: 'self',
      status: body.status,
      attest: body,
    };
  }
  return undefined;
}

/**
 * Records keyed by `control` then `stage`, each list in time order. Segments from different
 * writers interleave, so "latest" means latest `time`; equal times keep ledger order.
 */
export function indexResults(
  entries: readonly StoredEntry[],
): Map<string, Map<AuditStage, ResultRecord[]>> {
  const records = entries
    .map(toRecord)
    .filter((r): r is ResultRecord => r !== undefined)
    .map((record, order) => ({ record, order }))
    .sort((a, b) =>
      a.record.time < b.record.time ? -1 : a.record.time > b.record.time ? 1 : a.order - b.order,
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

/**
 * The matching rule (references/statuses.md): a result judges the current code when it was made
 * for the same control definition and, when the control declares `inputs`, the same inputs digest,
 * otherwise the same tree. Attestations bind the control definition only, so committing one never
 * stales it; time (`expires`) stales it instead. Manifest and registry digests are recorded but
 * not compared: an edit to another control must not stale this one, and this control's own
 * definition is covered by `control`.
 */
export function matchesBinding(record: ResultRecord, current: SubjectBinding): boolean {
  if (current.control === undefined || record.subject.control !== current.control) return false;
  if (record.kind === 'attest') return true;
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
