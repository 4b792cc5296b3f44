// SARIF 2.1.0 for code-scanning UIs: one result per finding; unknown outcomes are notes.
import type { TraceCheckResult } from '../flows/trace-check-flow.ts';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

export function renderTraceSarif(result: TraceCheckResult, version: string): string {
  const rules = new Map<
    string,
    { id: string; shortDescription: { text: string }; defaultConfiguration: { level: string } }
  >();
  const results: unknown[] = [];
  for (const trace of result.traces) {
    const location = [{ physicalLocation: { artifactLocation: { uri: trace.file } } }];
    if (trace.error !== undefined) {
      results.push({
        ruleId: 'TRACE_UNREADABLE',
        level: 'error',
        message: { text: trace.error.message },
        locations: location,
      });
      rules.set('TRACE_UNREADABLE', {
        id: 'TRACE_UNREADABLE',
        shortDescription: { text: 'trace could not be evaluated' },
        defaultConfiguration: { level: 'error' },
      });
    }
    for (const rule of trace.verdict?.rules ?? []) {
      const level = rule.level === 'block' ? 'error' : 'warning';
      rules.set(rule.id, {
        id: rule.id,
        shortDescription: { text: rule.findings[0]?.message.split(':')[0] ?? rule.id },
        defaultConfiguration: { level },
      });
      for (const f of rule.findings) {
        results.push({
          ruleId: f.rule,
          level: f.outcome === 'unknown' ? 'note' : level,
          message: { text: f.message },
          locations: location,
          properties: {
            outcome: f.outcome,
            at: f.at,
            evidence: f.evidence,
            rawSha256: trace.verdict?.header.rawSha256,
          },
        });
      }
    }
  }
  const sarif = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'proofgate-trace', version, rules: [...rules.values()] } },
        results,
        properties: { pack: result.pack },
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}
