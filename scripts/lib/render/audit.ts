// Human output of `proofgate audit`: AGREED or DISPUTED, then each control's agreement.
import type { AuditFlowResult } from '../flows/audit/audit-flow.ts';
import { withheldLine } from './withheld-line.ts';
import { tally } from './gate-text.ts';

export function renderAudit(result: AuditFlowResult): string {
  const disputed = result.results.filter((r) => r.agreement === 'disputed').length;
  const head = result.ok
    ? `AGREED ${result.stage} audit of ${result.results.length} controls: all PASS`
    : `${disputed > 0 ? 'DISPUTED' : 'NOT PASSED'} ${result.stage} audit of ${result.results.length} controls: ${tally(result.results.map((r) => r.agreement))}`;
  const lines = [result.recorded === false ? `${head} (not recorded: --no-record)` : head];
  for (const r of result.results) {
    const diff = r.differences.length > 0 ? `: ${r.differences.join('; ')}` : '';
    lines.push(
      `  ${r.agreement.padEnd(12)} ${r.control}: reviewed ${r.reviewedStatus} (${r.reviewed.slice(0, 12)}), audit ${r.status}${diff}${r.entry === '' ? '' : ` [entry ${r.entry.slice(0, 12)}]`}`,
    );
    const withheld = withheldLine(r.withheld_env, r.withheld_others);
    if (withheld !== undefined) lines.push(withheld);
    if (r.same_clone !== undefined)
      lines.push(`    warning: ${r.same_clone}; it does not count from engineering_ready up`);
  }
  return `${lines.join('\n')}\n`;
}
