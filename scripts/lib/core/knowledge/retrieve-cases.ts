// Case retrieval by structure: kind, architecture, quality attribute, stack and
// constraints of the target model. Names, strategies and free text are never compared, so a case
// cannot win by sharing a keyword with the project.
import type { CaseEntry, StructuralFeatures } from './types.ts';

/** Points out of 1000 per feature; the sum is the similarity. */
const FEATURE_WEIGHTS = {
  kind: 250,
  attr: 250,
  architecture: 150,
  stack: 200,
  constraints: 150,
} as const;

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const norm = (s: string): string => s.trim().toLowerCase();
const named = (list: readonly string[]): Set<string> =>
  new Set(list.map(norm).filter((x) => x !== ''));

interface Prepared {
  kind: string;
  attr: string;
  architecture: string;
  stack: Set<string>;
  constraints: Set<string>;
}

function prepare(f: StructuralFeatures): Prepared {
  return {
    kind: norm(f.kind),
    attr: norm(f.attr),
    architecture: norm(f.architecture),
    stack: named(f.stack),
    constraints: named(f.constraints),
  };
}

/** |a ∩ b| / |a ∪ b| scaled to `weight`; only called for a named (non-empty) target set. */
function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>, weight: number): number {
  let shared = 0;
  for (const x of a) if (b.has(x)) shared += 1;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : Math.floor((shared * weight) / union);
}

/**
 * Only the fields the target names count: an empty kind, attribute or architecture, or an empty
 * stack or constraint list, says nothing, so it neither matches an empty field of a case nor
 * dilutes the score. The points won are scaled to 1000 over the weights of the named fields.
 */
function score(t: Prepared, c: Prepared): number {
  const parts: [named: boolean, weight: number, won: () => number][] = [
    [t.kind !== '', FEATURE_WEIGHTS.kind, () => (t.kind === c.kind ? FEATURE_WEIGHTS.kind : 0)],
    [t.attr !== '', FEATURE_WEIGHTS.attr, () => (t.attr === c.attr ? FEATURE_WEIGHTS.attr : 0)],
    [
      t.architecture !== '',
      FEATURE_WEIGHTS.architecture,
      () => (t.architecture === c.architecture ? FEATURE_WEIGHTS.architecture : 0),
    ],
    [
      t.stack.size > 0,
      FEATURE_WEIGHTS.stack,
      () => jaccard(t.stack, c.stack, FEATURE_WEIGHTS.stack),
    ],
    [
      t.constraints.size > 0,
      FEATURE_WEIGHTS.constraints,
      () => jaccard(t.constraints, c.constraints, FEATURE_WEIGHTS.constraints),
    ],
  ];
  const counted = parts.filter(([isNamed]) => isNamed);
  const total = counted.reduce((sum, [, weight]) => sum + weight, 0);
  if (total === 0) return 0;
  const won = counted.reduce((sum, [, , points]) => sum + points(), 0);
  return Math.floor((won * 1000) / total);
}

/** 0..1000: how closely `candidate` matches `target` in structure. */
export function similarity(target: StructuralFeatures, candidate: StructuralFeatures): number {
  return score(prepare(target), prepare(candidate));
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
  const t = prepare(target);
  return cases
    .map((c) => ({ ...c, similarity: score(t, prepare(c.entry.features)) }))
    .filter((c) => c.similarity >= minSimilarity)
    .sort(
      (a, b) =>
        b.similarity - a.similarity ||
        b.confidence - a.confidence ||
        compareText(a.entry.id, b.entry.id),
    );
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const field = (v: unknown, key: string): unknown =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[key] : undefined;

/** Structural features from a target model, one per quality goal. */
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
