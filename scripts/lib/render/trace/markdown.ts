// Markdown summary of `trace check` for CI step summaries: verdict first, one table per trace.
import type { TraceCheckResult } from '../../flows/trace/trace-check-flow.ts';
import { coverageLine, verdictLine } from './text.ts';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderTraceMarkdown(result: TraceCheckResult): string {
  const icon = result.status === 'pass' ? '✅' : result.status === 'fail' ? '❌' : '⚠️';
  const lines = [`## ${icon} ${verdictLine(result)}`, ''];
  for (const trace of result.traces) {
    lines.push(`### \`${trace.file}\``, '');
    if (trace.error !== undefined)
      lines.push(`**ERROR ${trace.error.code}**: ${trace.error.message}`, '');
    const verdict = trace.verdict;
    if (verdict === undefined) continue;
    lines.push(
      `${verdict.header.adapter}, raw sha256 \`${verdict.header.rawSha256}\``,
      '',
      coverageLine(verdict.coverage),
      '',
    );
    lines.push('| rule | level | outcome | finding |', '|---|---|---|---|');
    for (const rule of verdict.rules) {
      const first = rule.findings[0];
      const more = rule.findings.length + rule.droppedFindings - 1;
      const text =
        first === undefined ? '' : `${first.message}${more > 0 ? ` (+${more} more)` : ''}`;
      lines.push(`| ${rule.id} | ${rule.level} | ${rule.outcome} | ${cell(text)} |`);
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
