// approve: one line per approved definition, then the entry.
import type { ApproveFlowResult } from '../flows/audit/approve-flow.ts';

export function renderApprove(result: ApproveFlowResult): string {
  const lines = [`APPROVED ${result.approvals.length} control definition(s)`];
  for (const a of result.approvals)
    lines.push(`  ${a.control}${a.removed ? ' (removal)' : ''} digest ${a.digest.slice(0, 12)}`);
  lines.push(`  recorded as note entry ${result.entry.slice(0, 12)}`);
  return `${lines.join('\n')}\n`;
}
