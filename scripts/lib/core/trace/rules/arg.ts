import type { SelectorSpec } from '../pack.ts';
import { compileRegex } from '../condition.ts';
import { readPath } from '../path.ts';
import { compileSelector, isDecisionPoint, mayDecide } from '../selector.ts';
import type { Reporter } from './define-rule.ts';
import { defineRule, seqsOf } from './define-rule.ts';

export type OnMissing = 'unknown' | 'fail' | 'pass';

interface ArgSpec {
  call: SelectorSpec;
  path: string;
  match?: string;
  forbid?: string;
  enum?: (string | number | boolean | null)[];
  min?: number;
  max?: number;
  onMissing?: OnMissing;
}

export function reportMissing(
  onMissing: OnMissing | undefined,
  report: Reporter,
  detail: string,
  at: number[],
  evidence: number[] = [],
): void {
  if (onMissing === 'pass') return;
  if (onMissing === 'fail') report.fail(detail, at, evidence);
  else report.unknown(detail, at, evidence);
}

export const show = (value: unknown): string => {
  const text =
    typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value) ?? value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
};

function violation(spec: ArgSpec, value: unknown): string | undefined {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  if (spec.match !== undefined && (text === undefined || !compileRegex(spec.match).test(text)))
    return `does not match ${spec.match}`;
  if (spec.forbid !== undefined && text !== undefined && compileRegex(spec.forbid).test(text))
    return `matches forbidden ${spec.forbid}`;
  if (spec.enum !== undefined && !spec.enum.some((v) => v === value))
    return `is not one of ${show(spec.enum)}`;
  const num = typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  if ((spec.min !== undefined || spec.max !== undefined) && num === undefined)
    return 'is not a number';
  if (spec.min !== undefined && num !== undefined && num < spec.min) return `is below ${spec.min}`;
  if (spec.max !== undefined && num !== undefined && num > spec.max) return `is above ${spec.max}`;
  return undefined;
}

/** An argument must match (or must not match) a regex, or lie in an enum or a range. */
export const argRule = defineRule<ArgSpec>({
  type: 'arg',
  describe: 'an argument matches `match`, avoids `forbid`, is in `enum`, or lies in [`min`, `max`]',
  compile(spec, report) {
    const call = compileSelector(spec.call, 'any');
    return {
      wants: (shape) => mayDecide(call, shape),
      see(view) {
        if (!isDecisionPoint(call, view) || call.test(view) !== 'yes') return;
        const values = readPath(view, spec.path);
        if (values.length === 0 || view.argsMissing === true) {
          return reportMissing(
            spec.onMissing,
            report,
            `seq ${view.seq} has no ${spec.path}`,
            seqsOf(view),
          );
        }
        for (const value of values) {
          const problem = violation(spec, value);
          if (problem === undefined) continue;
          if (
            problem === 'is not a number' ||
            (spec.forbid !== undefined && typeof value !== 'string' && typeof value !== 'number')
          ) {
            reportMissing(
              spec.onMissing,
              report,
              `${spec.path} at seq ${view.seq} ${problem}`,
              seqsOf(view),
            );
          } else {
            report.fail(`${spec.path}=${show(value)} at seq ${view.seq} ${problem}`, seqsOf(view));
          }
          return;
        }
      },
    };
  },
});
