// JUnit XML: one testsuite per trace, one testcase per rule; fail → <failure>, unknown → <skipped>.
import type { TraceCheckResult } from '../../flows/trace/trace-check-flow.ts';

export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\x20-\ud7ff\ue000-\ufffd]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

export function renderTraceJunit(result: TraceCheckResult): string {
  const suites: string[] = [];
  for (const trace of result.traces) {
    const name = escapeXml(trace.file);
    const cases: string[] = [];
    let failures = 0;
    let skipped = 0;
    let errors = 0;
    if (trace.error !== undefined) {
      errors++;
      cases.push(
        `    <testcase classname="${escapeXml(result.pack)}" name="read trace"><error type="${escapeXml(trace.error.code)}" message="${escapeXml(trace.error.message)}"/></testcase>`,
      );
    }
    for (const rule of trace.verdict?.rules ?? []) {
      const open = `    <testcase classname="${escapeXml(result.pack)}" name="${escapeXml(rule.id)}">`;
      const body = rule.findings.map((f) => f.message).join('\n');
      if (rule.outcome === 'pass') cases.push(`${open}</testcase>`);
      else if (rule.outcome === 'unknown') {
        skipped++;
        cases.push(
          `${open}<skipped message="${escapeXml(`unknown: ${rule.findings[0]?.message ?? ''}`)}"/></testcase>`,
        );
      } else {
        failures++;
        cases.push(
          `${open}<failure type="${rule.level}" message="${escapeXml(rule.findings[0]?.message ?? rule.id)}">${escapeXml(body)}</failure></testcase>`,
        );
      }
    }
    suites.push(
      `  <testsuite name="${name}" tests="${cases.length}" failures="${failures}" errors="${errors}" skipped="${skipped}">\n${cases.join('\n')}\n  </testsuite>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="proofgate trace check">\n${suites.join('\n')}\n</testsuites>\n`;
}
