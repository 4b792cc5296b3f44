import { defineRule } from './define-rule.ts';

/** Every result answers an earlier, still open call; optionally every call gets a result. */
export const noOrphansRule = defineRule<{ dangling_calls?: boolean }>({
  type: 'no_orphans',
  describe:
    'every tool result has an earlier call with the same callId (and, optionally, vice versa)',
  compile(spec, report) {
    const open = new Map<string, number>();
    return {
      // Without dangling_calls only `orphan` and `finish` matter; with it, every call and result.
      wants: (shape) => spec.dangling_calls === true && shape.kind !== 'message',
      see(view) {
        if (spec.dangling_calls !== true || view.callId === undefined) return;
        if (view.kind === 'call') open.set(view.callId, view.seq);
        else if (view.kind === 'completion') open.delete(view.callId);
      },
      orphan(resultSeq, callId) {
        report.fail(`result at seq ${resultSeq} (callId ${callId.slice(0, 80)}) has no open call`, [
          resultSeq,
        ]);
      },
      finish() {
        for (const seq of open.values())
          report.fail(`call at seq ${seq} never got a result`, [seq]);
      },
    };
  },
});
