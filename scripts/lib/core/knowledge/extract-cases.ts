// The outer loop: decided hypotheses become proposed cases. One proposal per quality attribute
// with decided hypotheses: structure and applicability from the target model, the strategy and
// outcome from what was confirmed, the negative results from what was refuted (so a later board
// does not probe them again). Proposals are only recorded when a person accepts them.
import type { HypothesisView } from './decide-hypotheses.ts';
import { featuresFromTargetModel } from './retrieve-cases.ts';
import { goalsOfModel } from './seed-priors.ts';
import type { CaseEntry, StructuralFeatures } from './types.ts';
import type { CaseInput } from './record-case.ts';

export interface CaseProposal {
  features: StructuralFeatures;
  applicability: string;
  strategy: string;
  outcome: string;
  /** `tried :: why it failed`, as `casebase add --negative` takes them. */
  negative: string[];
  /** The decided hypotheses the proposal rests on. */
  sources: string[];
  /** An existing case with this structure and strategy, when the proposal would repeat it. */
  duplicateOf?: string;
}

const describe = (f: StructuralFeatures): string =>
  `${f.kind} (${f.architecture}${f.stack.length > 0 ? `; ${f.stack.join(', ')}` : ''})`;

const sameFeatures = (a: StructuralFeatures, b: StructuralFeatures): boolean =>
  a.kind === b.kind && a.architecture === b.architecture && a.attr === b.attr;

/** The structure of the target for `attr`, from the model (kind, architecture, stack, constraints). */
function featuresFor(model: unknown, attr: string): StructuralFeatures {
  const base = featuresFromTargetModel(model)[0] ?? {
    kind: '',
    architecture: '',
    stack: [],
    attr: '',
    constraints: [],
  };
  return { ...base, attr };
}

export function proposeCases(
  board: readonly HypothesisView[],
  model: unknown,
  existing: readonly CaseEntry[],
): CaseProposal[] {
  const decided = board.filter((h) => h.status === 'confirmed' || h.status === 'refuted');
  const attrs = [...new Set(decided.map((h) => h.attr))].sort();
  const goals = goalsOfModel(model);
  return attrs.map((attr) => {
    const mine = decided.filter((h) => h.attr === attr);
    const confirmed = mine.filter((h) => h.status === 'confirmed');
    const refuted = mine.filter((h) => h.status === 'refuted');
    const features = featuresFor(model, attr);
    const risk = goals.find((g) => g.attr === attr)?.risk;
    const strategy = `probe these ${attr} hypotheses: ${mine.map((h) => h.claim).join('; ')}`;
    const proposal: CaseProposal = {
      features,
      applicability: `a ${describe(features)} with a ${attr} goal${risk === undefined ? '' : ` at risk ${(risk / 1000).toFixed(2)}`}`,
      strategy,
      outcome:
        confirmed.length > 0
          ? `confirmed: ${confirmed.map((h) => `${h.claim} (${h.oracle})`).join('; ')}`
          : 'no hypothesis confirmed',
      negative: refuted.map(
        (h) =>
          `${h.claim} :: refuted${h.evidence[0] !== undefined ? ` by ${h.evidence[0].slice(0, 12)}` : ''}`,
      ),
      sources: mine.map((h) => h.id),
    };
    const dup = existing.find((c) => sameFeatures(c.features, features) && c.strategy === strategy);
    return dup === undefined ? proposal : { ...proposal, duplicateOf: dup.id };
  });
}

/** A proposal as `casebase add` input, accepted by a person in a project and environment. */
export function proposalToInput(
  p: CaseProposal,
  provenance: { project: string; environment: string },
): CaseInput {
  return {
    features: p.features,
    applicability: p.applicability,
    strategy: p.strategy,
    adaptation: [],
    outcome: p.outcome,
    negative: p.negative,
    isNegativeNone: p.negative.length === 0,
    project: provenance.project,
    environment: provenance.environment,
    confirmation: 'user',
    halfLifeDays: undefined,
  };
}
