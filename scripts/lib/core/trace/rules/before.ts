import type { SelectorSpec } from '../pack.ts';
import { readOne } from '../path.ts';
import { compileSelector, isDecisionPoint, mayDecide } from '../selector.ts';
import type { View } from '../selector.ts';
import type { OnMissing } from './arg.ts';
import { reportMissing } from './arg.ts';
import { correlationKey, defineRule, seqsOf } from './define-rule.ts';

interface BeforeSpec {
  then: SelectorSpec;
  first: SelectorSpec;
  /** `{pathOnThen: pathOnFirst}`: the evidence must concern the same thing (order id, customer). */
  same?: Record<string, string>;
  /** Only the latest event matching this selector before `then` counts; it must match `first`. */
  latest?: SelectorSpec;
  /** A `then` event without the `same` fields: unknown (default), fail or pass. */
  onMissing?: OnMissing;
}

/** For each `then` event, an earlier `first` event exists (per occurrence). */
export const beforeRule = defineRule<BeforeSpec>({
  type: 'before',
  describe:
    'every `then` event has an earlier `first` event (ok filter, `same` correlation, optional `latest`)',
  compile(spec, report) {
    const then = compileSelector(spec.then, 'any');
    const first = compileSelector(spec.first, true);
    const latest = spec.latest === undefined ? undefined : compileSelector(spec.latest, 'any');
    const thenPaths = Object.keys(spec.same ?? {});
    const firstPaths = Object.values(spec.same ?? {});
    const definite = new Map<string, number[]>();
    const maybe = new Map<string, number[]>();
    let latestView: View | undefined;

    const checkLatest = (view: View, key: string): void => {
      if (latestView === undefined)
        return report.fail(`no earlier evidence before seq ${view.seq}`, seqsOf(view));
      const result = first.test(latestView);
      const evidence = seqsOf(latestView);
      if (result === 'unknown')
        return report.unknown(
          `latest evidence (seq ${latestView.seq}) has an undecidable outcome`,
          seqsOf(view),
          evidence,
        );
      if (result === 'no')
        return report.fail(
          `latest evidence (seq ${latestView.seq}) does not qualify`,
          seqsOf(view),
          evidence,
        );
      if (correlationKey(latestView, firstPaths, readOne) !== key) {
        report.fail(
          `latest evidence (seq ${latestView.seq}) concerns something else (${thenPaths.join(', ')})`,
          seqsOf(view),
          evidence,
        );
      }
    };
    const check = (view: View): void => {
      const key = correlationKey(view, thenPaths, readOne);
      if (key === undefined)
        return reportMissing(
          spec.onMissing,
          report,
          `seq ${view.seq} lacks ${thenPaths.join(', ')} to correlate`,
          seqsOf(view),
        );
      if (latest !== undefined) return checkLatest(view, key);
      const found = definite.get(key);
      if (found !== undefined && (found[0] ?? Infinity) < view.seq) return;
      const possible = maybe.get(key);
      if (possible !== undefined && (possible[0] ?? Infinity) < view.seq) {
        return report.unknown(
          `evidence for seq ${view.seq} has an undecidable outcome`,
          seqsOf(view),
          possible,
        );
      }
      report.fail(`no qualifying earlier evidence for seq ${view.seq}`, seqsOf(view));
    };
    const record = (view: View): void => {
      if (latest !== undefined) {
        if (latest.test(view) !== 'no') latestView = view;
        return;
      }
      const result = first.test(view);
      if (result === 'no') return;
      const key = correlationKey(view, firstPaths, readOne);
      const map = result === 'yes' ? definite : maybe;
      if (key !== undefined && !map.has(key)) map.set(key, [view.resultSeq ?? view.seq, view.seq]);
    };
    const recorded = latest ?? first;
    return {
      wants: (shape) =>
        mayDecide(then, shape) || (shape.kind !== 'call' && recorded.mayMatch(shape)),
      see(view) {
        if (isDecisionPoint(then, view)) {
          const result = then.test(view);
          if (result === 'yes') check(view);
          else if (result === 'unknown')
            report.unknown(
              `cannot tell whether seq ${view.seq} is subject to the rule`,
              seqsOf(view),
            );
        }
        if (view.kind !== 'call') record(view);
      },
    };
  },
});
