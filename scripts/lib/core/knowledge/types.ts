// The knowledge layer's records. Every record is
// stored as one canonical JSON line under `<plane>/knowledge/<kind>.jsonl`, append-only, integers
// only: scores are milli-units (0.63 → 630), confidences basis points (0.8 → 8000).

export const KNOWLEDGE_KINDS = ['facts', 'decisions', 'hypotheses', 'cases'] as const;
export type KnowledgeKind = (typeof KNOWLEDGE_KINDS)[number];

/** How far a memory fact has been established. */
export const FACT_MATURITIES = [
  'observed_once',
  'repeated',
  'verified_by_tests',
  'enforced_by_ci',
  'hard_gate',
  'stale',
] as const;
export type FactMaturity = (typeof FACT_MATURITIES)[number];

export interface Fact {
  id: string;
  statement: string;
  /** Repository-relative POSIX path of the code the fact is about. */
  path: string;
  /** git blob id of `path` when the fact was recorded. */
  digest: string;
  /** sha256 of the ledger line that supports the fact. */
  evidence: string;
  maturity: FactMaturity;
  time: string;
}

export interface Decision {
  id: string;
  title: string;
  reason: string;
  conditions: string[];
  /** Repository-relative paths (files or directories) the rejected approach touches. */
  paths: string[];
  time: string;
}

export interface Supersession {
  id: string;
  by: string;
  time: string;
}

export const HYPOTHESIS_STATUSES = ['open', 'probing', 'confirmed', 'refuted'] as const;
export type HypothesisStatus = (typeof HYPOTHESIS_STATUSES)[number];

export const QUALITY_ATTRIBUTES = [
  'functional',
  'performance',
  'security',
  'compat',
  'reliability',
  'usability',
  'maintainability',
] as const;
export type QualityAttribute = (typeof QUALITY_ATTRIBUTES)[number];

export interface Hypothesis {
  id: string;
  claim: string;
  attr: QualityAttribute;
  /** Impact, milli-units 0..1000. */
  risk: number;
  /** Expected information gain, milli-units 0..1000. */
  infoGain: number;
  /** Cost, milli-units > 0. */
  cost: number;
  status: HypothesisStatus;
  oracle: string;
  /** sha256 hashes of supporting ledger lines. */
  evidence: string[];
  /** `recon`, `user` or `prior:<case id>`. */
  provenance: string;
  /** What `proofgate knowledge explore` runs to decide it, and what it expects if the claim holds. */
  probe?: Probe;
  time: string;
}

/** What a probe's cost is counted in: abstract units, model tokens or money. */
export const COST_UNITS = ['units', 'tokens', 'money'] as const;
export type CostUnit = (typeof COST_UNITS)[number];

/** A command run like a control (argv, allowlisted env, caps) and the observation that confirms. */
export interface Probe {
  /** What one run spends, milli of `unit`; without it, the hypothesis's cost in abstract units. */
  cost?: { amount: number; unit: CostUnit };
  /** The command to run; empty when the probe runs a control instead. */
  argv: string[];
  /** A control of the registry run like `evaluate --run` does; its PASS or FAIL is observed. */
  control?: string;
  /** The control status observed when the claim holds (control probes). */
  expectStatus?: 'PASS' | 'FAIL';
  /** Exit code observed when the claim holds. */
  expectExit?: number;
  /** Regular expression the output matches when the claim holds. */
  expectOutput?: string;
}

/** The outcome of one probe run, kept with the update it decided. */
export interface ProbeRun {
  argv: string[];
  exitCode: number | null;
  /** sha256 of the probe's whole output. */
  outputSha256: string;
  /** git HEAD the probe ran against, when the root is a git repository. */
  commit?: string;
  /** `flaky` when repeats on the same binding disagreed: it decides nothing. */
  verdict: 'confirmed' | 'refuted' | 'flaky';
  /** How many repeats agreed with the majority, out of how many ran (e.g. 2 of 3). */
  agreement?: { agree: number; runs: number };
  /** The control a control probe ran. */
  control?: string;
  /** Hash of the ledger entry that records this probe run. */
  entry?: string;
}

export interface HypothesisUpdate {
  id: string;
  time: string;
  status?: HypothesisStatus;
  evidence?: string[];
  oracle?: string;
  risk?: number;
  infoGain?: number;
  cost?: number;
  probe?: ProbeRun;
}

/** Who confirmed a case observation: user-confirmed > auto-confirmed > single observation. */
export const CONFIRMATIONS = ['user', 'auto', 'single'] as const;
export type Confirmation = (typeof CONFIRMATIONS)[number];

export interface StructuralFeatures {
  kind: string;
  architecture: string;
  stack: string[];
  attr: string;
  constraints: string[];
}

export interface NegativeResult {
  tried: string;
  reason: string;
}

export interface CaseEntry {
  id: string;
  features: StructuralFeatures;
  applicability: string;
  strategy: string;
  adaptation: string[];
  outcome: string;
  negative: NegativeResult[];
  /** Where the case came from: project and environment count for independence. */
  provenance: { project: string; environment: string; confirmation: Confirmation };
  /** Initial confidence, basis points. */
  confidence: number;
  halfLifeDays: number;
  time: string;
}

export interface CaseObservation {
  id: string;
  result: 'success' | 'counterexample';
  project: string;
  environment: string;
  confirmation: Confirmation;
  time: string;
}

/** One line of a knowledge file. */
export type KnowledgeRecord =
  | { op: 'fact'; fact: Fact }
  | { op: 'decision'; decision: Decision }
  | { op: 'supersede'; supersede: Supersession }
  | { op: 'hypothesis'; hypothesis: Hypothesis }
  | { op: 'update'; update: HypothesisUpdate }
  | { op: 'case'; case: CaseEntry }
  | { op: 'observe'; observe: CaseObservation };
