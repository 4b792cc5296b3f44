import type { Where } from '../condition.ts';
import type { OkFilter, SelectorSpec } from '../pack.ts';
import { readOne, readPath } from '../path.ts';
import { compileSelector, isDecisionPoint, mayDecide } from '../selector.ts';
import type { View, ViewShape } from '../selector.ts';
import type { OnMissing } from './arg.ts';
import { reportMissing, show } from './arg.ts';
import type { Reporter } from './define-rule.ts';
import { correlationKey, defineRule, seqsOf } from './define-rule.ts';

type Op = '<' | '<=' | '>' | '>=' | '==' | '!=' | 'in' | 'not_in';

interface RefSpec {
  tool: string | string[];
  ok?: OkFilter;
  where?: Where;
  /** `{pathOnCall: pathOnRef}`. */
  same?: Record<string, string>;
  path: string;
  /** latest: the most recent qualifying result; any/all: some/every value seen so far. */
  pick?: 'latest' | 'any' | 'all';
}

interface CheckSpec {
  path: string;
  op: Op;
  ref?: RefSpec;
  value?: string | number | boolean | null;
}

interface Bound {
  values: unknown[];
  sure: boolean;
  seqs: number[];
}

const MAX_VALUES = 10_000;

function compare(left: unknown, op: Op, right: unknown): boolean | undefined {
  if (op === '==') return left === right;
  if (op === '!=') return left !== right;
  if (op === 'in' || op === 'not_in') return undefined;
  if (
    typeof left !== 'number' ||
    typeof right !== 'number' ||
    !Number.isFinite(left) ||
    !Number.isFinite(right)
  )
    return undefined;
  return op === '<'
    ? left < right
    : op === '<='
      ? left <= right
      : op === '>'
        ? left > right
        : left >= right;
}

function createCheck(check: CheckSpec, onMissing: OnMissing | undefined, report: Reporter) {
  const ref = check.ref;
  const selector =
    ref === undefined
      ? undefined
      : compileSelector(
          { tool: ref.tool, ok: ref.ok ?? true, ...(ref.where ? { where: ref.where } : {}) },
          true,
        );
  const callPaths = Object.keys(ref?.same ?? {});
  const refPaths = Object.values(ref?.same ?? {});
  const bounds = new Map<string, Bound>();
  const pick = ref?.pick ?? 'latest';
  /** How findings name the bound: the same text for every call, so built once. */
  const what = ref === undefined ? show(check.value) : `${[ref.tool].flat().join('|')} ${ref.path}`;
  return {
    /** Whether `record` may keep a view of this shape. */
    mayRecord: (shape: ViewShape): boolean =>
      selector !== undefined && shape.kind === 'completion' && selector.mayMatch(shape),
    record(view: View): void {
      if (ref === undefined || selector === undefined || view.kind !== 'completion') return;
      const result = selector.test(view);
      if (result === 'no') return;
      const values = readPath(view, ref.path);
      const key = correlationKey(view, refPaths, readOne);
      if (values.length === 0 || key === undefined) return;
      const previous = bounds.get(key);
      if (pick === 'latest' || previous === undefined) {
        bounds.set(key, { values, sure: result === 'yes', seqs: seqsOf(view) });
      } else if (previous.values.length < MAX_VALUES) {
        previous.values.push(...values);
        previous.sure &&= result === 'yes';
      }
    },
    test(view: View): void {
      const subject = readOne(view, check.path);
      const at = seqsOf(view);
      if (!subject.found)
        return reportMissing(onMissing, report, `seq ${view.seq} has no ${check.path}`, at);
      let bound: Bound | undefined;
      if (ref === undefined) bound = { values: [check.value], sure: true, seqs: [] };
      else {
        const key = correlationKey(view, callPaths, readOne);
        if (key === undefined)
          return report.unknown(
            `seq ${view.seq} lacks ${callPaths.join(', ')} to find its bound`,
            at,
          );
        bound = bounds.get(key);
      }
      if (bound === undefined)
        return report.fail(
          `${check.path}=${show(subject.value)} at seq ${view.seq}: no earlier ${what} to bound it`,
          at,
        );
      if (!bound.sure)
        return report.unknown(
          `bound for seq ${view.seq} comes from a result whose outcome is undecidable`,
          at,
          bound.seqs,
        );
      const results =
        check.op === 'in' || check.op === 'not_in'
          ? [bound.values.some((v) => v === subject.value) === (check.op === 'in')]
          : bound.values.map((v) => compare(subject.value, check.op, v));
      if (results.some((r) => r === undefined)) {
        return reportMissing(
          onMissing,
          report,
          `${check.path}=${show(subject.value)} at seq ${view.seq} is not comparable with ${what}`,
          at,
          bound.seqs,
        );
      }
      const holds = pick === 'any' ? results.some(Boolean) : results.every(Boolean);
      if (!holds) {
        const shown = check.op === 'in' || check.op === 'not_in' ? '' : ` ${show(bound.values[0])}`;
        report.fail(
          `${check.path}=${show(subject.value)} at seq ${view.seq} violates ${check.op} ${what}${shown}`,
          at,
          bound.seqs,
        );
      }
    },
  };
}

/** A call argument bounded by a constant or by a value from an earlier result. */
export const argBoundRule = defineRule<{
  call: SelectorSpec;
  checks: CheckSpec[];
  onMissing?: OnMissing;
}>({
  type: 'arg_bound',
  describe:
    'a call argument compared (`op`) with a constant or a value from an earlier result (`ref`)',
  compile(spec, report) {
    const call = compileSelector(spec.call, 'any');
    const checks = spec.checks.map((c) => createCheck(c, spec.onMissing, report));
    return {
      wants: (shape) => mayDecide(call, shape) || checks.some((c) => c.mayRecord(shape)),
      see(view) {
        if (isDecisionPoint(call, view) && call.test(view) === 'yes')
          for (const c of checks) c.test(view);
        for (const c of checks) c.record(view);
      },
    };
  },
});
