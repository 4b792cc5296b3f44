// What `proofgate report` prints once the page is written: the file, its size and entries, the
// ledger's integrity, READY or not, then each claim verdict if claimed now, the rules and warnings.
import type { ReportResult } from '../../flows/views/report-flow.ts';
import { renderRules } from '../gate-text.ts';

export function renderReportResult(r: ReportResult): string {
  const integrity = r.isIntact
    ? r.upstream === undefined
      ? 'ledger intact'
      : `ledger intact, append-only against ${r.upstream.ref} (fork point ${r.upstream.commit.slice(0, 7)})`
    : `LEDGER TAMPERED: ${r.findings} integrity findings (run "proofgate verify --full")`;
  const head = `${r.isIntact ? 'REPORT' : 'TAMPERED'} ${r.file} (${Math.ceil(r.bytes / 1024)} KB, ${r.entries} entries): ${integrity}; ${r.isReady ? 'READY' : 'NOT READY'}`;
  const stops = r.unprovenStops.map((w) => `  warning: ${w}`);
  const rules = r.rules === undefined ? [] : renderRules(r.rules);
  return `${[head, ...r.claims.map((c) => `  if claimed now: ${c}`), ...rules, ...stops].join('\n')}\n`;
}
