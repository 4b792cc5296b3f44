import type { SelectorSpec } from '../pack.ts';
import { readOne } from '../path.ts';
import { compileSelector, isDecisionPoint, mayDecide } from '../selector.ts';
import type { Reporter, RuleRuntime } from './define-rule.ts';
import { correlationKey, defineRule, seqsOf } from './define-rule.ts';

export interface CountSpec {
  match: SelectorSpec;
  max: number;
  /** Count per value of this path (e.g. `args.orderId`) instead of overall. */
  key?: string;
}

export function compileCount(spec: CountSpec, report: Reporter): RuleRuntime {
  const match = compileSelector(spec.match, 'any');
  const counts = new Map<string, { n: number; first: number[] }>();
  return {
    wants: (shape) => mayDecide(match, shape),
    see(view) {
      if (!isDecisionPoint(match, view) || match.test(view) !== 'yes') return;
      const key = spec.key === undefined ? '*' : correlationKey(view, [spec.key], readOne);
      if (key === undefined)
        return report.unknown(`seq ${view.seq} lacks ${spec.key} to count by`, seqsOf(view));
      const entry = counts.get(key) ?? { n: 0, first: seqsOf(view) };
      entry.n++;
      counts.set(key, entry);
      if (entry.n > spec.max) {
        const per =
          spec.key === undefined ? '' : ` for ${spec.key}=${key.slice(1, -1).slice(0, 80)}`;
        report.fail(
          `occurrence ${entry.n} at seq ${view.seq}${per}, at most ${spec.max} allowed (first at seq ${entry.first[0]})`,
          seqsOf(view),
          entry.first,
        );
      }
    },
  };
}

/** At most `max` matching events (per `key` value when given). */
export const atMostRule = defineRule<CountSpec>({
  type: 'at_most',
  describe: 'at most `max` events match (per `key` value when given)',
  compile: compileCount,
});
