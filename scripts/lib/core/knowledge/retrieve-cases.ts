// Case retrieval by structure (seeds/003 §6.3): kind, architecture, quality attribute, stack and
// constraints of the target model. Names, strategies and free text are never compared, so a case
// cannot win by sharing a keyword with the project.
import type { CaseEntry, StructuralFeatures } from './types.ts';

/** Points out of 1000 per feature; the sum is the similarity. */
export const FEATURE_WEIGHTS = {
  kind: 250,
  attr: 250,
  architecture: 150,
  stack: 200,
  constraints: 150,
} as const;

const norm = (s: string): string => s.trim().toLowerCase();

/** |a ∩ b| / |a ∪ b| scaled to `weight`; two empty sets agree fully. */
function jaccard(a: readonly string[], b: readonly string[], weight: number): number {
  const left = new Set(a.map(norm));
  const right = new Set(b.map(norm));
  const union = new Set([...left, ...right]);
  if (union.size === 0) return weight;
  const shared = [...left].filter((x) => right.has(x)).length;
  return Math.floor((shared * weight) / union.size);
}

export function similarity(target: StructuralFeatures, candidate: StructuralFeatures): number {
  const same = (a: string, b: string, w: number): number => (norm(a) === norm(b) ? w : 0);
  return (
    same(target.kind, candidate.kind, FEATURE_WEIGHTS.kind) +
    same(target.attr, candidate.attr, FEATURE_WEIGHTS.attr) +
    same(target.architecture, candidate.architecture, FEATURE_WEIGHTS.architecture) +
    jaccard(target.stack, candidate.stack, FEATURE_WEIGHTS.stack) +
    jaccard(target.constraints, candidate.constraints, FEATURE_WEIGHTS.constraints)
  );
}

export interface RankedCase {
  entry: CaseEntry;
  /** 0..1000. */
  similarity: number;
  /** Basis points, after damping and decay. */
  confidence: number;
}

/** Most similar first; confidence then id break ties. */
export function retrieveCases(
  cases: readonly { entry: CaseEntry; confidence: number }[],
  target: StructuralFeatures,
  minSimilarity = 0,
): RankedCase[] {
  return cases
    .map((c) => ({ ...c, similarity: similarity(target, c.entry.features) }))
    .filter((c) => c.similarity >= minSimilarity)
    .sort(
      (a, b) =>
        b.similarity - a.similarity ||
        b.confidence - a.confidence ||
        a.entry.id.localeCompare(b.entry.id),
    );
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const field = (v: unknown, key: string): unknown =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[key] : undefined;

/** Structural features from a seeds/003 §4.1 target model, one per quality goal. */
export function featuresFromTargetModel(model: unknown): StructuralFeatures[] {
  const kind = text(field(field(model, 'target'), 'kind'));
  const architecture = text(field(field(model, 'architecture'), 'shape'));
  const stackOf = field(model, 'stack');
  const stack = [...strings(field(stackOf, 'lang')), ...strings(field(stackOf, 'frameworks'))];
  const constraintsOf = field(model, 'constraints');
  const constraints =
    typeof constraintsOf === 'object' && constraintsOf !== null
      ? Object.entries(constraintsOf).flatMap(([k, v]) =>
          typeof v === 'string' && v !== '' ? [`${k}:${v}`] : [],
        )
      : [];
  const goals = field(model, 'qualityGoals');
  const attrs = Array.isArray(goals) ? goals.map((g) => text(field(g, 'attr'))) : [''];
  return (attrs.length === 0 ? [''] : attrs).map((attr) => ({
    kind,
    architecture,
    stack,
    attr,
    constraints,
  }));
}
