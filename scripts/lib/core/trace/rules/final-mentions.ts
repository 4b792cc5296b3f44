import { readPath } from '../path.ts';
import type { OnMissing } from './arg.ts';
import { reportMissing, show } from './arg.ts';
import { defineRule, seqsOf } from './define-rule.ts';
import type { EvidenceSpec } from './evidence-tracker.ts';
import { createEvidenceTracker } from './evidence-tracker.ts';

/** When evidence exists, the final reply quotes the value at `evidence.path` (e.g. a refund id). */
export const finalMentionsRule = defineRule<{
  evidence: EvidenceSpec & { path: string };
  onMissing?: OnMissing;
}>({
  type: 'final_mentions',
  describe: 'the final reply contains the value at `evidence.path` of the qualifying result',
  compile(spec, report) {
    const { path, ...selector } = spec.evidence;
    const tracker = createEvidenceTracker({ pick: 'latest', ...selector });
    return {
      wants: (shape) => tracker.wants(shape),
      see: (view) => tracker.see(view),
      finish({ final }) {
        const state = tracker.atFinal(final !== undefined);
        if (state.view === undefined || state.match === 'no') return;
        const evidence = seqsOf(state.view);
        if (state.match === 'unknown')
          return report.unknown('the evidence outcome is undecidable', [], evidence);
        const values = readPath(state.view, path).filter(
          (v) => v !== null && v !== '' && v !== false,
        );
        if (values.length === 0)
          return reportMissing(
            spec.onMissing,
            report,
            `evidence at seq ${state.view.seq} has no ${path}`,
            [],
            evidence,
          );
        const text = final?.content ?? '';
        const missing = values.filter(
          (v) => !text.includes(typeof v === 'string' ? v : JSON.stringify(v)),
        );
        if (missing.length > 0) {
          report.fail(
            `the final reply does not mention ${path}=${show(missing[0])}`,
            final === undefined ? [] : [final.seq],
            evidence,
          );
        }
      },
    };
  },
});
