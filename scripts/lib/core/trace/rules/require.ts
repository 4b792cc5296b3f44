import type { SelectorSpec } from '../pack.ts';
import { compileSelector, isDecisionPoint, mayDecide } from '../selector.ts';
import { defineRule, seqsOf } from './define-rule.ts';

/** At least `min` (default 1) matching events exist. */
export const requireRule = defineRule<{ match: SelectorSpec; min?: number }>({
  type: 'require',
  describe: 'at least `min` (default 1) events match `match`',
  compile(spec, report) {
    const match = compileSelector(spec.match, 'any');
    const min = spec.min ?? 1;
    let count = 0;
    let maybe = 0;
    const seen: number[] = [];
    return {
      wants: (shape) => mayDecide(match, shape),
      see(view) {
        if (!isDecisionPoint(match, view)) return;
        const result = match.test(view);
        if (result === 'yes') {
          count++;
          if (seen.length < 10) seen.push(...seqsOf(view));
        } else if (result === 'unknown') maybe++;
      },
      finish() {
        if (count >= min) return;
        const detail = `${count} matching event(s), at least ${min} required`;
        if (count + maybe >= min)
          report.unknown(`${detail}; ${maybe} more undecidable (ok unknown)`, [], seen);
        else report.fail(detail, [], seen);
      },
    };
  },
});
