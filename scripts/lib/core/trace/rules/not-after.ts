import type { SelectorSpec } from '../pack.ts';
import { compileSelector, isDecisionPoint, mayDecide } from '../selector.ts';
import { defineRule, seqsOf } from './define-rule.ts';

/** After a `first` event, no `then` event may occur unless an `unless_between` event came between. */
export const notAfterRule = defineRule<{
  first: SelectorSpec;
  then: SelectorSpec;
  unless_between?: SelectorSpec;
}>({
  type: 'not_after',
  describe:
    'no `then` event after a `first` event, unless an `unless_between` event occurs in between',
  compile(spec, report) {
    const first = compileSelector(spec.first, true);
    const then = compileSelector(spec.then, 'any');
    const reset =
      spec.unless_between === undefined ? undefined : compileSelector(spec.unless_between, true);
    let armed: number[] | undefined;
    let maybeArmed: number[] | undefined;
    return {
      wants: (shape) =>
        mayDecide(then, shape) ||
        (shape.kind !== 'call' && (first.mayMatch(shape) || reset?.mayMatch(shape) === true)),
      see(view) {
        if (isDecisionPoint(then, view) && then.test(view) === 'yes') {
          if (armed !== undefined)
            report.fail(`seq ${view.seq} after seq ${armed[0]}`, seqsOf(view), armed);
          else if (maybeArmed !== undefined)
            report.unknown(
              `seq ${view.seq} after seq ${maybeArmed[0]}, whose outcome is undecidable`,
              seqsOf(view),
              maybeArmed,
            );
        }
        if (view.kind === 'call') return;
        if (reset?.test(view) === 'yes') {
          armed = undefined;
          maybeArmed = undefined;
        }
        const result = first.test(view);
        if (result === 'yes') armed ??= seqsOf(view);
        else if (result === 'unknown') maybeArmed ??= seqsOf(view);
      },
    };
  },
});
