// The offline check of a plane-mutator candidate (controls/schema/plane-mutator.schema.json,
// references/verify.md): the plan is bound by its digest, every path is canonical and inside its
// kind, no write lands in a read-only kind, and what was observed is exactly what was planned.
// Pure; it never applies the plan and never says PASS.
import { digestJson } from '../hash.ts';

export const PLANE_KINDS = [
  'manifest',
  'registry',
  'traces',
  'knowledge',
  'docs',
  'index',
  'evidence',
  'ledger',
] as const;
export type PlaneKind = (typeof PLANE_KINDS)[number];

/** Kinds no mutator may ever write: evidence is appended by proofgate only. */
const ALWAYS_READ_ONLY: readonly PlaneKind[] = ['evidence', 'ledger'];

/** Where each kind's files live, relative to the plane directory. */
const KIND_SCOPE: Record<PlaneKind, (path: string) => boolean> = {
  manifest: (p) => p === 'controls/manifest.yaml',
  registry: (p) => p === 'controls/registry.yaml',
  traces: (p) => p.startsWith('controls/traces/'),
  knowledge: (p) => p.startsWith('knowledge/'),
  docs: (p) => p.startsWith('docs/'),
  index: (p) => p === 'INDEX.md',
  evidence: (p) => p.startsWith('evidence/objects/'),
  ledger: (p) => p.startsWith('evidence/ledger/'),
};

export interface MutatorOperation {
  kind: PlaneKind;
  path: string;
  action: 'create' | 'update' | 'delete';
}

export interface MutatorCandidate {
  format: string;
  id: string;
  kinds: Partial<Record<PlaneKind, 'read-only' | 'write'>>;
  plan: { digest: string; operations: MutatorOperation[] };
  observed_writes: { kind: PlaneKind; path: string }[];
}

/** The digest that binds a plan: sha256 over the canonical JSON of its operations. */
export function digestPlan(operations: readonly MutatorOperation[]): string {
  return `sha256:${digestJson(operations)}`;
}

export function checkPlaneMutator(c: MutatorCandidate): string[] {
  const findings: string[] = [];
  for (const kind of PLANE_KINDS) {
    const access = c.kinds[kind];
    if (access === undefined) findings.push(`/kinds/${kind}: missing (declare every kind)`);
    if (access === 'write' && ALWAYS_READ_ONLY.includes(kind))
      findings.push(`/kinds/${kind}: declared write; ${kind} is read-only to every mutator`);
  }
  if (digestPlan(c.plan.operations) !== c.plan.digest)
    findings.push(
      `/plan/digest: does not bind the operations (plan substitution); expected ${digestPlan(c.plan.operations)}`,
    );
  const writes = [
    ...c.plan.operations.map((o, i) => ({ ...o, at: `/plan/operations/${i}` })),
    ...c.observed_writes.map((w, i) => ({ ...w, at: `/observed_writes/${i}` })),
  ];
  for (const w of writes) {
    const bad = pathProblem(w.path);
    if (bad !== undefined) findings.push(`${w.at}: ${w.path}: ${bad}`);
    else if (!KIND_SCOPE[w.kind](w.path))
      findings.push(`${w.at}: ${w.path} is outside the ${w.kind} kind's scope`);
    if (c.kinds[w.kind] !== 'write' || ALWAYS_READ_ONLY.includes(w.kind))
      findings.push(`${w.at}: writes ${w.path} in read-only kind ${w.kind}`);
  }
  const paths = c.plan.operations.map((o) => o.path);
  if (paths.some((p, i) => i > 0 && (paths[i - 1] ?? '') >= p))
    findings.push('/plan/operations: not sorted by path without duplicates (canonical order)');
  const planned = new Set(c.plan.operations.map((o) => `${o.kind}\u0000${o.path}`));
  const observed = new Set(c.observed_writes.map((w) => `${w.kind}\u0000${w.path}`));
  for (const w of c.observed_writes)
    if (!planned.has(`${w.kind}\u0000${w.path}`))
      findings.push(`/observed_writes: residue: ${w.path} was written but is not in the plan`);
  for (const o of c.plan.operations)
    if (!observed.has(`${o.kind}\u0000${o.path}`))
      findings.push(`/plan/operations: ${o.path} is planned but was not observed`);
  return findings;
}

/** Why a path is not canonical (relative, POSIX, no dot segments, no glob), or undefined. */
function pathProblem(path: string): string | undefined {
  if (path === '' || path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'not a relative path';
  if (path.includes('\\')) return 'backslash (POSIX separators only)';
  if (/[*?[\]{}]/.test(path)) return 'a glob (name each file)';
  if (path.split('/').some((s) => s === '' || s === '.' || s === '..'))
    return 'non-canonical (empty, . or .. segment)';
  return undefined;
}
