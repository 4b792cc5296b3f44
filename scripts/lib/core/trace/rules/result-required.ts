import type { OkFilter, SelectorSpec } from '../pack.ts';
import { compileSelector } from '../selector.ts';
import { defineRule } from './define-rule.ts';

/** Every matching call has a paired result before the trace ends (ok, unless `ok: any`). */
export const resultRequiredRule = defineRule<{ match: SelectorSpec; ok?: OkFilter }>({
  type: 'result_required',
  describe: 'every matching call has a paired (by default successful) result',
  compile(spec, report) {
    const match = compileSelector(spec.match, 'any');
    const wanted = spec.ok ?? true;
    const open = new Map<string, number>();
    return {
      // Every completion: a callId reused by a call of another tool still closes the open one.
      wants: (shape) => shape.kind === 'completion' || match.mayMatch(shape),
      see(view) {
        if (view.kind === 'call' && view.callId !== undefined && match.test(view) === 'yes')
          open.set(view.callId, view.seq);
        if (view.kind !== 'completion' || view.callId === undefined || !open.has(view.callId))
          return;
        open.delete(view.callId);
        if (wanted === 'any') return;
        const at = [view.seq];
        const evidence = view.resultSeq === undefined ? [] : [view.resultSeq];
        if (view.ok === null || view.ok === undefined)
          report.unknown(`result of seq ${view.seq} has an undecidable outcome`, at, evidence);
        else if (view.ok !== wanted)
          report.fail(`result of seq ${view.seq} is ${view.ok ? 'ok' : 'a failure'}`, at, evidence);
      },
      finish() {
        for (const seq of open.values()) report.fail(`call at seq ${seq} has no result`, [seq]);
      },
    };
  },
});
