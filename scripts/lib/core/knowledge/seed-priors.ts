// Seeds the board from the case base: each quality goal of the target model gives a set of
// structural features, cases that match them closely enough become open hypotheses with
// `prior:<case id>` provenance. Matching is structural only (kind, attribute, architecture, stack,
// constraints); a case that merely shares words with the project is never a prior.
import { MILLI } from './priority.ts';
import { featuresFromTargetModel, retrieveCases } from './retrieve-cases.ts';
import { QUALITY_ATTRIBUTES } from './types.ts';
import type { CaseEntry, Hypothesis, QualityAttribute } from './types.ts';
import { nextId } from './next-id.ts';

/** Similarity (of 1000) a case needs: kind and attribute plus most of the rest. */
export const PRIOR_MIN_SIMILARITY = 700;

export interface GoalOfModel {
  attr: QualityAttribute;
  /** milli-units 0..1000 */
  risk: number;
}

const isAttr = (v: string): v is QualityAttribute =>
  (QUALITY_ATTRIBUTES as readonly string[]).includes(v);

/** Quality goals of a target model (`qualityGoals: [{attr, risk}]`, risk 0..1). */
export function goalsOfModel(model: unknown): GoalOfModel[] {
  const goals = (model as { qualityGoals?: unknown } | null)?.qualityGoals;
  if (!Array.isArray(goals)) return [];
  return goals.flatMap((g: unknown) => {
    const attr = (g as { attr?: unknown }).attr;
    const risk = (g as { risk?: unknown }).risk;
    if (typeof attr !== 'string' || !isAttr(attr)) return [];
    const milli = typeof risk === 'number' && risk >= 0 && risk <= 1 ? Math.round(risk * MILLI) : 0;
    return [{ attr, risk: milli }];
  });
}

export function seedPriors(
  model: unknown,
  cases: readonly { entry: CaseEntry; confidence: number }[],
  board: readonly Hypothesis[],
  now: Date,
): Hypothesis[] {
  const goals = goalsOfModel(model);
  const seeded = new Set(board.map((h) => h.provenance));
  const ids = board.map((h) => h.id);
  const added: Hypothesis[] = [];
  for (const features of featuresFromTargetModel(model)) {
    if (!isAttr(features.attr)) continue;
    const goal = goals.find((g) => g.attr === features.attr);
    for (const match of retrieveCases(cases, features, PRIOR_MIN_SIMILARITY)) {
      // A prior is about the same quality attribute: a security case never seeds a functional
      // hypothesis, however close the rest of its structure is.
      if (match.entry.features.attr.trim().toLowerCase() !== features.attr) continue;
      const provenance = `prior:${match.entry.id}`;
      if (seeded.has(provenance)) continue;
      seeded.add(provenance);
      const id = nextId('H', ids);
      ids.push(id);
      added.push({
        id,
        claim: `${match.entry.strategy} (as in ${match.entry.id}: ${match.entry.applicability})`,
        attr: features.attr,
        risk: goal?.risk ?? 500,
        infoGain: Math.min(MILLI, Math.round(match.confidence / 10)),
        cost: MILLI,
        status: 'open',
        oracle: match.entry.outcome,
        evidence: [],
        provenance,
        time: now.toISOString(),
      });
    }
  }
  return added;
}
