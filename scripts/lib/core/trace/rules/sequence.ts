import type { Selector } from '../pack.ts';
import { compileSelector, isDecisionPoint } from '../selector.ts';
import type { ViewShape } from '../selector.ts';
import { defineRule } from './define-rule.ts';

interface Step extends Selector {
  optional?: boolean;
}

/**
 * A golden path of calls: `in_order` (subsequence), `exact` (nothing else), `any_order`. Like
 * every rule but `require`, it passes vacuously when its subject never occurs: a trace in which
 * no step matches anything is not judged against the path.
 */
export const sequenceRule = defineRule<{
  steps: Step[];
  mode?: 'exact' | 'in_order' | 'any_order';
}>({
  type: 'sequence',
  describe:
    'the calls follow `steps`: `in_order` (default, others may interleave), `exact`, or `any_order`',
  compile(spec, report) {
    const steps = spec.steps.map((s) => ({
      optional: s.optional === true,
      selector: compileSelector(s, 'any'),
      label: [s.tool ?? s.event ?? '*'].flat().join('|'),
    }));
    const mode = spec.mode ?? 'in_order';
    const seen = steps.map(() => false);
    let next = 0;
    let broken: { detail: string; seq: number } | undefined;
    /** Some step matched some event: the path applies to this trace. */
    let occurred = false;
    const matchFrom = (view: Parameters<(typeof steps)[0]['selector']['test']>[0]): number => {
      for (let i = next; i < steps.length; i++) {
        const step = steps[i]!;
        if (isDecisionPoint(step.selector, view) && step.selector.test(view) === 'yes') return i;
        if (!step.optional && mode === 'exact') return -1;
      }
      return -1;
    };
    return {
      // exact: every call matters (an unexpected one breaks the path), so it sees the full stream.
      ...(mode === 'exact'
        ? {}
        : { wants: (shape: ViewShape) => steps.some((s) => s.selector.mayMatch(shape)) }),
      see(view) {
        if (!occurred)
          occurred = steps.some(
            (s) => isDecisionPoint(s.selector, view) && s.selector.test(view) === 'yes',
          );
        if (broken !== undefined || (view.kind === 'completion' && mode === 'exact')) return;
        if (mode === 'any_order') {
          steps.forEach((s, i) => {
            if (isDecisionPoint(s.selector, view) && s.selector.test(view) === 'yes')
              seen[i] = true;
          });
          return;
        }
        if (view.kind !== 'call' && mode === 'exact') return;
        const found = matchFrom(view);
        if (found >= 0) {
          seen[found] = true;
          next = found + 1;
        } else if (mode === 'exact' && view.kind === 'call') {
          broken = {
            detail: `unexpected call ${view.name ?? ''} at seq ${view.seq} (expected ${steps[next]?.label ?? 'no more calls'})`,
            seq: view.seq,
          };
        }
      },
      finish() {
        if (!occurred) return;
        if (broken !== undefined) return report.fail(broken.detail, [broken.seq]);
        const missing = steps.filter((s, i) => !s.optional && !seen[i]).map((s) => s.label);
        if (missing.length > 0)
          report.fail(`missing step(s) ${missing.join(', ')} (mode ${mode})`, []);
      },
    };
  },
});
