// The hypothesis board: open claims ranked by priority; confirming or refuting one
// needs a ledger entry, because facts come from tools, never from the model's memory.
import { UsageError } from '../errors.ts';
import { LEDGER_HASH, nextId } from './next-id.ts';
import { priority } from './priority.ts';
import { HYPOTHESIS_STATUSES, QUALITY_ATTRIBUTES } from './types.ts';
import type {
  Hypothesis,
  HypothesisStatus,
  HypothesisUpdate,
  KnowledgeRecord,
  Probe,
  QualityAttribute,
} from './types.ts';
import { nextCommand } from '../next/next-table.ts';

export interface HypothesisView extends Hypothesis {
  /** priority(infoGain, risk, cost), milli-units. */
  score: number;
}

export interface HypothesisInput {
  claim: string | undefined;
  attr: string | undefined;
  risk: number | undefined;
  infoGain: number | undefined;
  cost: number | undefined;
  oracle: string | undefined;
  provenance: string | undefined;
  probe?: Probe | undefined;
}

const PROVENANCE = /^(recon|user|prior:[A-Z]+-\d+)$/;

export function recordHypothesis(
  input: HypothesisInput,
  found: { existingIds: readonly string[]; caseIds: readonly string[]; now: Date },
): Hypothesis {
  const problems: string[] = [];
  if ((input.claim?.trim() ?? '') === '') problems.push('claim: missing (a falsifiable statement)');
  if (input.attr === undefined || !(QUALITY_ATTRIBUTES as readonly string[]).includes(input.attr)) {
    problems.push(`--attr: one of ${QUALITY_ATTRIBUTES.join(', ')}`);
  }
  if (input.risk === undefined) problems.push('--risk: missing (impact, 0..1)');
  if (input.infoGain === undefined)
    problems.push('--info-gain: missing (expected information gain, 0..1)');
  if (input.cost === undefined || input.cost <= 0) problems.push('--cost: missing or not above 0');
  if ((input.oracle?.trim() ?? '') === '')
    problems.push('--oracle: missing (what observation decides it)');
  const provenance = input.provenance ?? '';
  if (!PROVENANCE.test(provenance)) problems.push('--provenance: recon, user or prior:<case id>');
  else if (provenance.startsWith('prior:') && !found.caseIds.includes(provenance.slice(6))) {
    problems.push(`--provenance: no case ${provenance.slice(6)} in the case base`);
  }
  if (problems.length > 0) {
    throw new UsageError('MISSING_ARG', 'hypothesis refused', {
      problems,
      next: nextCommand('hypothesisAdd'),
    });
  }
  return {
    id: nextId('H', found.existingIds),
    claim: (input.claim ?? '').trim(),
    attr: input.attr as QualityAttribute,
    risk: input.risk ?? 0,
    infoGain: input.infoGain ?? 0,
    cost: input.cost ?? 1,
    status: 'open',
    oracle: (input.oracle ?? '').trim(),
    evidence: [],
    provenance,
    ...(input.probe !== undefined ? { probe: input.probe } : {}),
    time: found.now.toISOString(),
  };
}

export function foldHypotheses(records: readonly KnowledgeRecord[]): HypothesisView[] {
  const board = new Map<string, Hypothesis>();
  for (const record of records) {
    if (record.op === 'hypothesis') board.set(record.hypothesis.id, record.hypothesis);
    if (record.op !== 'update') continue;
    const current = board.get(record.update.id);
    if (current !== undefined) board.set(current.id, applyUpdate(current, record.update));
  }
  return [...board.values()].map((h) => ({ ...h, score: priority(h) }));
}

/** The hypothesis after an update; evidence accumulates, other given fields replace. */
export function applyUpdate(current: Hypothesis, update: HypothesisUpdate): Hypothesis {
  // A probe run is the record of how the status was decided, not the hypothesis's probe.
  const { id: _id, time: _time, evidence, probe: _run, ...changes } = update;
  const added = (evidence ?? []).filter((e) => !current.evidence.includes(e));
  return { ...current, ...changes, evidence: [...current.evidence, ...added] };
}

export interface UpdateInput {
  id: string | undefined;
  status: string | undefined;
  evidence: readonly string[];
  oracle: string | undefined;
  risk: number | undefined;
  infoGain: number | undefined;
  cost: number | undefined;
}

/** Validates an update; `known` says which cited hashes exist in the ledger. */
export function updateHypothesis(
  board: readonly HypothesisView[],
  input: UpdateInput,
  known: ReadonlySet<string>,
  now: Date,
): { update: HypothesisUpdate; after: HypothesisView } {
  const current = board.find((h) => h.id === input.id);
  if (input.id === undefined || current === undefined) {
    throw new UsageError('UNKNOWN_ID', `no hypothesis ${input.id ?? '(missing --id)'}`, {
      where: '--id',
      next: `run "${nextCommand('hypothesisList')}" to see the ids`,
    });
  }
  const problems: string[] = [];
  if (
    input.status !== undefined &&
    !(HYPOTHESIS_STATUSES as readonly string[]).includes(input.status)
  ) {
    problems.push(`--status: one of ${HYPOTHESIS_STATUSES.join(', ')}`);
  }
  for (const hash of input.evidence) {
    if (!LEDGER_HASH.test(hash))
      problems.push(
        `--evidence: ${hash} is not a ledger entry hash (64 lowercase hex digits, or a unique prefix of 8+)`,
      );
    else if (!known.has(hash)) problems.push(`--evidence: no ledger entry has hash ${hash}`);
  }
  const isVerdict = input.status === 'confirmed' || input.status === 'refuted';
  if (isVerdict && input.evidence.length === 0) {
    problems.push(`--evidence: ${input.status} needs the ledger entry that decided it`);
  }
  if (input.cost !== undefined && input.cost <= 0) problems.push('--cost: must be above 0');
  if (problems.length > 0) {
    throw new UsageError('MISSING_ARG', `update of ${current.id} refused`, {
      problems,
      next: nextCommand('hypothesisConfirm', { id: current.id }),
    });
  }
  const update: HypothesisUpdate = { id: current.id, time: now.toISOString() };
  if (input.status !== undefined) update.status = input.status as HypothesisStatus;
  if (input.evidence.length > 0) update.evidence = [...new Set(input.evidence)];
  if (input.oracle !== undefined) update.oracle = input.oracle;
  if (input.risk !== undefined) update.risk = input.risk;
  if (input.infoGain !== undefined) update.infoGain = input.infoGain;
  if (input.cost !== undefined) update.cost = input.cost;
  const after = applyUpdate(current, update);
  return { update, after: { ...after, score: priority(after) } };
}
