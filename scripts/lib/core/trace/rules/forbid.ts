import type { SelectorSpec } from '../pack.ts';
import { compileSelector, isDecisionPoint, mayDecide } from '../selector.ts';
import { defineRule, seqsOf } from './define-rule.ts';

/** No matching event may exist. */
export const forbidRule = defineRule<{ match: SelectorSpec }>({
  type: 'forbid',
  describe: 'no event matches `match`',
  compile(spec, report) {
    const match = compileSelector(spec.match, 'any');
    return {
      wants: (shape) => mayDecide(match, shape),
      see(view) {
        if (!isDecisionPoint(match, view)) return;
        const result = match.test(view);
        const what = view.name ?? view.event;
        if (result === 'yes') report.fail(`forbidden ${what} at seq ${view.seq}`, seqsOf(view));
        else if (result === 'unknown')
          report.unknown(`${what} at seq ${view.seq} may be forbidden (ok unknown)`, seqsOf(view));
      },
    };
  },
});
