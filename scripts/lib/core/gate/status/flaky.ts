// Whether a stage's results on the current binding are flaky, and whether passing runs recorded
// after the last FAIL have cleared it (references/statuses.md). Pure.
import type { Manifest } from '../../plane/types.ts';
import type { ResultRecord } from '../entries/index-results.ts';

/** Passing results after the last FAIL that clear a flaky stage, when the manifest sets none. */
export const DEFAULT_PASSES_TO_CLEAR = 3;

export interface FlakyState {
  /** A PASS and a FAIL are both recorded on this binding. */
  flaky: boolean;
  /** PASS results recorded after the last FAIL on this binding. */
  passesSinceFail: number;
  /** How many such passes clear it (`policies.flaky.passes_to_clear`). */
  passesToClear: number;
}

export function passesToClear(manifest: Manifest | undefined): number {
  return manifest?.policies.flaky?.passes_to_clear ?? DEFAULT_PASSES_TO_CLEAR;
}

/** `matching` in ledger order: the results of one stage on the current binding. */
export function judgeFlaky(matching: readonly ResultRecord[], toClear: number): FlakyState {
  const lastFail = matching.findLastIndex((r) => r.status === 'FAIL');
  const flaky = lastFail !== -1 && matching.some((r) => r.status === 'PASS');
  const passesSinceFail = matching.slice(lastFail + 1).filter((r) => r.status === 'PASS').length;
  return { flaky, passesSinceFail: flaky ? passesSinceFail : 0, passesToClear: toClear };
}

/** Flaky, and enough passes recorded since the last FAIL: the stage counts as PASS again. */
export function isCleared(state: FlakyState): boolean {
  return state.flaky && state.passesSinceFail >= state.passesToClear;
}

/** The words a flaky stage's reason ends with: cleared, or how many more passes clear it. */
export function describeFlaky(state: FlakyState): string {
  if (isCleared(state)) return ` (flaky, then ${state.passesSinceFail} passes on this code)`;
  const more = state.passesToClear - state.passesSinceFail;
  return ` (FLAKY: PASS and FAIL on this code; ${state.passesSinceFail} of ${state.passesToClear} passing runs since the last FAIL, ${more} more clear it)`;
}
