// Evidence for final-reply rules, frozen at each assistant message: the reply can only rest on
// what happened before it.
import type { Selector } from '../pack.ts';
import { compileSelector } from '../selector.ts';
import type { Match, View, ViewShape } from '../selector.ts';

export interface EvidenceSpec extends Selector {
  /** latest: the most recent result of the tool decides; any: some qualifying result exists. */
  pick?: 'latest' | 'any';
}

export interface EvidenceState {
  match: Match;
  view: View | undefined;
}

export function createEvidenceTracker(spec: EvidenceSpec) {
  const full = compileSelector({ ...spec, ok: spec.ok ?? true }, true);
  const scope = compileSelector(
    {
      ...(spec.tool === undefined ? {} : { tool: spec.tool }),
      ...(spec.event ? { event: spec.event } : {}),
      ok: 'any',
    },
    'any',
  );
  const pick = spec.pick ?? 'any';
  let current: EvidenceState = { match: 'no', view: undefined };
  let frozen: EvidenceState | undefined;
  return {
    /** Every assistant message (it freezes the state) and the results the selectors may match. */
    wants: (shape: ViewShape): boolean =>
      shape.event === 'assistant.message' ||
      (shape.kind !== 'call' && (scope.mayMatch(shape) || full.mayMatch(shape))),
    see(view: View): void {
      if (view.event === 'assistant.message') frozen = current;
      if (view.kind === 'call') return;
      if (pick === 'latest') {
        if (scope.test(view) === 'yes') current = { match: full.test(view), view };
        return;
      }
      const result = full.test(view);
      if (result === 'yes' && current.match !== 'yes') current = { match: 'yes', view };
      else if (result === 'unknown' && current.match === 'no') current = { match: 'unknown', view };
    },
    /** The state when the final reply was written (or at the end when there was no reply). */
    atFinal(hasFinal: boolean): EvidenceState {
      return hasFinal ? (frozen ?? current) : current;
    },
  };
}
