// Damping of the outer loop's positive feedback, so a bad prior cannot harden
// into dogma: confidence rises only on independent corroboration (a project/environment pair not
// seen before), decays with a half-life while not revalidated, a counterexample always lowers it
// more than any success raises it, and user-confirmed > auto-confirmed > single observation.
// Confidences are basis points (10000 = certain); floats exist only inside decayConfidence.
import type { CaseEntry, CaseObservation, Confirmation } from './types.ts';

export const MAX_CONFIDENCE = 9500;

/** Starting confidence of a new case by who confirmed it. */
export const INITIAL: Record<Confirmation, number> = { user: 6000, auto: 4500, single: 3000 };
/** Rise on one independent corroborating success. */
export const RAISE: Record<Confirmation, number> = { user: 1500, auto: 1000, single: 500 };
/** Fall on one counterexample: the smallest fall exceeds the largest rise (asymmetry). */
export const LOWER: Record<Confirmation, number> = { user: 4000, auto: 3000, single: 2000 };

const DAY_MS = 86_400_000;

/** confidence × 2^(−elapsed / halfLife), rounded to a whole basis point; no growth backwards in time. */
export function decayConfidence(
  confidence: number,
  from: Date,
  to: Date,
  halfLifeDays: number,
): number {
  const elapsed = Math.max(0, to.getTime() - from.getTime());
  if (halfLifeDays <= 0) return confidence;
  return Math.round(confidence * Math.pow(2, -elapsed / (halfLifeDays * DAY_MS)));
}

export interface ConfidenceState {
  /** Confidence at `anchor`, basis points. */
  confidence: number;
  anchor: Date;
  /** `project\u0000environment` pairs that already corroborated the case. */
  contexts: Set<string>;
  successes: number;
  counterexamples: number;
}

const clamp = (value: number): number => Math.min(MAX_CONFIDENCE, Math.max(0, value));
const contextOf = (project: string, environment: string): string =>
  `${project}\u0000${environment}`;

export function initialState(entry: CaseEntry): ConfidenceState {
  return {
    confidence: clamp(entry.confidence),
    anchor: new Date(entry.time),
    contexts: new Set([contextOf(entry.provenance.project, entry.provenance.environment)]),
    successes: 0,
    counterexamples: 0,
  };
}

/** Whether a success from this context would count as independent corroboration. */
function isIndependent(state: ConfidenceState, obs: CaseObservation): boolean {
  return !state.contexts.has(contextOf(obs.project, obs.environment));
}

export function applyObservation(
  state: ConfidenceState,
  obs: CaseObservation,
  halfLifeDays: number,
): ConfidenceState {
  const at = new Date(obs.time);
  const now = decayConfidence(state.confidence, state.anchor, at, halfLifeDays);
  if (obs.result === 'counterexample') {
    return {
      ...state,
      confidence: clamp(now - LOWER[obs.confirmation]),
      anchor: at,
      counterexamples: state.counterexamples + 1,
    };
  }
  // A repeat from a context that already corroborated is not evidence of generality: no change.
  if (!isIndependent(state, obs)) return state;
  const contexts = new Set(state.contexts).add(contextOf(obs.project, obs.environment));
  return {
    confidence: clamp(now + RAISE[obs.confirmation]),
    anchor: at,
    contexts,
    successes: state.successes + 1,
    counterexamples: state.counterexamples,
  };
}

/** The case's confidence now: its observations in time order, then decay up to `now`. */
export function currentConfidence(
  entry: CaseEntry,
  observations: readonly CaseObservation[],
  now: Date,
): ConfidenceState & { current: number } {
  const ordered = observations
    .filter((o) => o.id === entry.id)
    .sort((a, b) => a.time.localeCompare(b.time));
  let state = initialState(entry);
  for (const obs of ordered) state = applyObservation(state, obs, entry.halfLifeDays);
  return {
    ...state,
    current: decayConfidence(state.confidence, state.anchor, now, entry.halfLifeDays),
  };
}
