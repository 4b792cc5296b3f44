// A compact handoff for the next role (issue 7 item 7): machine fields come from machine state only;
// human notes travel beside them and can never redefine them.
import { UsageError } from '../errors.ts';
import type { ScopeReadiness } from './assess-readiness.ts';
import type { DecisionView } from './decide-decisions.ts';
import type { HypothesisView } from './decide-hypotheses.ts';
import type { FactView } from './record-fact.ts';
import type { ControlState } from './assess-readiness.ts';

export interface HandoffInput {
  task: string;
  controls: readonly { id: string; status: ControlState }[];
  readiness: readonly ScopeReadiness[];
  decisions: readonly DecisionView[];
  facts: readonly FactView[];
  hypotheses: readonly HypothesisView[];
  /** Free-text notes by a human or agent, keyed by topic. */
  notes: Readonly<Record<string, string>>;
}

export interface Handoff {
  task: string;
  controls: { id: string; status: ControlState }[];
  readiness: { scope: string; isReady: boolean; blockers: number }[];
  decisionsInForce: string[];
  staleFacts: string[];
  openHypotheses: { id: string; score: number; claim: string }[];
  notes: Record<string, string>;
}

/** Hypotheses carried in a handoff; the rest stay on the board. */
const HANDOFF_HYPOTHESES = 5;

const MACHINE_FIELDS = [
  'task',
  'controls',
  'readiness',
  'decisionsInForce',
  'staleFacts',
  'openHypotheses',
  'status',
  'verdict',
  'pass',
  'ready',
];

export function buildHandoff(input: HandoffInput): { payload: Handoff; summary: string } {
  const controlIds = new Set(input.controls.map((c) => c.id.toLowerCase()));
  const clashes = Object.keys(input.notes).filter(
    (k) => MACHINE_FIELDS.includes(k) || controlIds.has(k.toLowerCase()),
  );
  if (clashes.length > 0) {
    throw new UsageError('BAD_VALUE', 'notes cannot redefine machine fields', {
      problems: clashes.map((k) => `note "${k}" names a machine field or a control`),
      next: 'rename the notes; statuses and readiness come from the ledger only',
    });
  }
  const payload: Handoff = {
    task: input.task,
    controls: input.controls.map((c) => ({ id: c.id, status: c.status })),
    readiness: input.readiness.map((r) => ({
      scope: r.scope,
      isReady: r.isReady,
      blockers: r.blockers.length,
    })),
    decisionsInForce: input.decisions.filter((d) => d.isInForce).map((d) => d.id),
    staleFacts: input.facts.filter((f) => f.isStale).map((f) => f.id),
    openHypotheses: input.hypotheses
      .filter((h) => h.status === 'open' || h.status === 'probing')
      .sort((a, b) => b.score - a.score)
      .slice(0, HANDOFF_HYPOTHESES)
      .map((h) => ({ id: h.id, score: h.score, claim: h.claim })),
    notes: { ...input.notes },
  };
  const notPass = payload.controls.filter(
    (c) => c.status !== 'PASS' && c.status !== 'NOT_APPLICABLE',
  );
  const summary = [
    `task ${input.task}: ${notPass.length === 0 ? 'all task controls pass' : `${notPass.length} controls not PASS (${notPass.map((c) => `${c.id} ${c.status}`).join(', ')})`}`,
    ...payload.readiness.map(
      (r) => `${r.scope}: ${r.isReady ? 'ready' : `not ready (${r.blockers} blockers)`}`,
    ),
    `decisions in force: ${payload.decisionsInForce.join(', ') || 'none'}; stale facts: ${payload.staleFacts.length}; open hypotheses: ${payload.openHypotheses.length}`,
  ].join('\n');
  return { payload, summary };
}
