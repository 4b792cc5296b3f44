// Human output of `trace check`: verdict first, then per trace its coverage and findings.
// Coverage is always printed: "0 findings" on a trace nobody could read must never look safe.
import type { Coverage, TraceVerdict } from '../../core/trace/evaluate.ts';
import type { Finding } from '../../core/trace/pack.ts';
import type { TraceCheckResult } from '../../flows/trace/trace-check-flow.ts';

function countFindings(result: TraceCheckResult): {
  block: number;
  warn: number;
  unknown: number;
} {
  const counts = { block: 0, warn: 0, unknown: 0 };
  for (const trace of result.traces) {
    for (const rule of trace.verdict?.rules ?? []) {
      if (rule.outcome === 'unknown') counts.unknown++;
      if (rule.outcome === 'fail') counts[rule.level]++;
    }
  }
  return counts;
}

export function verdictLine(result: TraceCheckResult): string {
  const n = result.traces.length;
  const { block, warn, unknown } = countFindings(result);
  const errors = result.traces.filter((t) => t.error !== undefined).length;
  const tail = `${block} block, ${warn} warn, ${unknown} unknown rule outcome(s) in ${n} trace(s), pack ${result.pack}`;
  if (result.status === 'error')
    return `ERROR trace check: ${errors} of ${n} trace(s) could not be evaluated; ${tail}`;
  if (result.status === 'fail') return `FAIL trace check: ${tail}`;
  return `PASS trace check: ${tail}${unknown > 0 ? ' (unknown = undecidable, not proven)' : ''}`;
}

export function coverageLine(c: Coverage): string {
  const t = c.byType;
  const r = c.records;
  return (
    `coverage: ${c.events} events (${t['tool.call']} calls, ${t['tool.result']} results, ${t['user.message']} user, ${t['assistant.message']} assistant); ` +
    `${r.records} records, ${r.unknown} unknown, ${r.malformed} malformed, ${r.skipped} skipped; ` +
    `${c.rulesEvaluated} rules: ${c.outcomes.pass} pass, ${c.outcomes.fail} fail, ${c.outcomes.unknown} unknown; ${c.undecidedResults} results with undecidable ok`
  );
}

function findingLine(f: Finding): string {
  const label = f.outcome === 'unknown' ? 'UNKNOWN' : f.level.toUpperCase();
  const at = f.at.length > 0 ? ` [at seq ${f.at.join(',')}` : ' [';
  const ev =
    f.evidence.length > 0
      ? `${f.at.length > 0 ? '; ' : ''}evidence seq ${f.evidence.join(',')}]`
      : ']';
  return `${label} ${f.rule}: ${f.message}${at}${ev}`.replace(' []', '');
}

function traceBlock(file: string, verdict: TraceVerdict | undefined): string[] {
  if (verdict === undefined) return [];
  const h = verdict.header;
  const lines = [
    `trace ${file}  [${h.adapter}${h.sourceVersion === undefined ? '' : `, source ${h.sourceVersion}`}, sha256 ${h.rawSha256.slice(0, 16)}…]`,
    `  ${coverageLine(verdict.coverage)}`,
  ];
  const kinds = Object.entries(verdict.coverage.records.unknownKinds);
  if (kinds.length > 0)
    lines.push(
      `  unknown record kinds: ${kinds
        .slice(0, 8)
        .map(([k, n]) => `${k} ×${n}`)
        .join(', ')}`,
    );
  for (const note of verdict.coverage.records.notes.slice(0, 3)) lines.push(`  malformed: ${note}`);
  for (const f of verdict.findings) lines.push(`  ${findingLine(f)}`);
  for (const r of verdict.rules)
    if (r.droppedFindings > 0)
      lines.push(`  … ${r.droppedFindings} more ${r.id} finding(s) (use --json or --sarif)`);
  return lines;
}

export function renderTraceCheck(result: TraceCheckResult): string {
  const lines = [verdictLine(result)];
  for (const trace of result.traces) {
    lines.push(...traceBlock(trace.file, trace.verdict));
    if (trace.error !== undefined) {
      if (trace.verdict === undefined) lines.push(`trace ${trace.file}`);
      lines.push(`  ERROR [${trace.error.code}]: ${trace.error.message}`);
      for (const problem of (trace.error.problems ?? []).slice(0, 10))
        lines.push(`    - ${problem}`);
      if (trace.error.next !== undefined) lines.push(`  next: ${trace.error.next}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
