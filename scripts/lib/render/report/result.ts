// What `proofgate report` prints once the page is written: the file, its size and entries, the
// ledger's integrity and under whose keys, one verdict per claim scope, then each claim verdict
// line if claimed now, the rules and warnings.
import type { ReportResult } from '../../flows/views/report-flow.ts';
import { renderRules } from '../gate-text.ts';

export function renderReportResult(r: ReportResult): string {
  const integrity = r.isIntact
    ? `ledger intact ${r.trustFile === undefined ? "as far as this repository's own keys go (no --trust file)" : `under the auditor's trust file ${r.trustFile}`}${r.upstream === undefined ? '' : `, append-only against ${r.upstream.ref} (fork point ${r.upstream.commit.slice(0, 7)})`}`
    : `LEDGER TAMPERED: ${r.findings} integrity findings (run "proofgate verify --full")`;
  // One verdict per scope, claim's own: never READY beside a refusal.
  const scopes = r.open
    .map(
      (o) =>
        `${o.scope} ${o.granted ? 'GRANTED' : r.isIntact ? `REFUSED (${o.blockers.length} blocker${o.blockers.length === 1 ? '' : 's'})` : 'REFUSED'}`,
    )
    .join(', ');
  const head = `${r.isIntact ? 'REPORT' : 'TAMPERED'} ${r.file} (${Math.ceil(r.bytes / 1024)} KB, ${r.entries} entries): ${integrity}; ${scopes}`;
  const stops = r.unprovenStops.map((w) => `  warning: ${w}`);
  const rules = r.rules === undefined ? [] : renderRules(r.rules);
  return `${[head, ...r.claims.map((c) => `  if claimed now: ${c}`), ...rules, ...stops].join('\n')}\n`;
}
