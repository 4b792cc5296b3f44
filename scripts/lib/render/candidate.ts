// Human output of `proofgate verify --candidate`: the verdict line, each finding, and what the
// candidate may become (nothing was run or written).
import type { ValidateCandidateResult } from '../flows/plane/validate-candidate-flow.ts';

export function renderCandidate(r: ValidateCandidateResult): string {
  const head = `${r.verdict} ${r.kind} ${r.id} (${r.file}): ${r.findings.length === 0 ? 'every rule holds' : `${r.findings.length} finding(s)`}`;
  return `${[
    head,
    ...r.findings.map((f) => `  - ${f}`),
    `  promotion: ${r.promotion_status}; assurance: ${r.assurance_status} (nothing was run or written)`,
  ].join('\n')}\n`;
}
