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
    stack: new Set(f.stack.map(norm)),
    constraints: new Set(f.constraints.map(norm)),
  };
}

/** |a ∩ b| / |a ∪ b| scaled to `weight`; two empty sets agree fully. */
function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>, weight: number): number {
  let shared = 0;
  for (const x of a) if (b.has(x)) shared += 1;
  const union = a.size + b.size - shared;
  return union === 0 ? weight : Math.floor((shared * weight) / union);
}

function score(t: Prepared, c: Prepared): number {
  return (
    (t.kind === c.kind ? FEATURE_WEIGHTS.kind : 0) +
    (t.attr === c.attr ? FEATURE_WEIGHTS.attr : 0) +
    (t.architecture === c.architecture ? FEATURE_WEIGHTS.architecture : 0) +
    jaccard(t.stack, c.stack, FEATURE_WEIGHTS.stack) +
    jaccard(t.constraints, c.constraints, FEATURE_WEIGHTS.constraints)
  );
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
