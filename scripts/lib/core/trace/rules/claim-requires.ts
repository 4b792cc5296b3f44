import { compileRegex } from '../condition.ts';
import { defineRule, seqsOf } from './define-rule.ts';
import type { EvidenceSpec } from './evidence-tracker.ts';
import { createEvidenceTracker } from './evidence-tracker.ts';

/** A final reply matching `pattern` needs qualifying evidence (any of a list) before it. */
export const claimRequiresRule = defineRule<{
  pattern: string | string[];
  evidence: EvidenceSpec | EvidenceSpec[];
}>({
  type: 'claim_requires',
  describe:
    'a final reply matching `pattern` needs a qualifying (by default successful) tool result before it',
  compile(spec, report) {
    const patterns = [spec.pattern].flat().map(compileRegex);
    const trackers = [spec.evidence].flat().map(createEvidenceTracker);
    return {
      wants: (shape) => trackers.some((t) => t.wants(shape)),
      see: (view) => trackers.forEach((t) => t.see(view)),
      finish({ final }) {
        if (final === undefined || !patterns.some((p) => p.test(final.content ?? ''))) return;
        const states = trackers.map((t) => t.atFinal(true));
        const state = states.find((s) => s.match === 'yes') ??
          states.find((s) => s.match === 'unknown') ??
          states.find((s) => s.view !== undefined) ?? { match: 'no' as const, view: undefined };
        const evidence = state.view === undefined ? [] : seqsOf(state.view);
        if (state.match === 'unknown')
          report.unknown(
            `the reply at seq ${final.seq} claims success; the evidence outcome is undecidable`,
            [final.seq],
            evidence,
          );
        else if (state.match === 'no')
          report.fail(
            `the reply at seq ${final.seq} claims success without qualifying evidence`,
            [final.seq],
            evidence,
          );
      },
    };
  },
});
