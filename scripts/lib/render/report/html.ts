// The auditor's report as one self-contained HTML page (references/report.md): integrity banner
// first, then the claim verdicts, the status matrix, the timeline, traceability and trace findings.
import { createHash } from 'node:crypto';
import type { ReportModel } from '../../core/report/build-report.ts';
import { text, voidEl } from '../html-escape.ts';
import {
  renderGranted,
  renderTimeline,
  renderRequirementChains,
  renderTraceFindings,
} from './html-sections.ts';
import { REPORT_CSS, REPORT_JS } from './style.ts';
import { renderAtHead, renderClaimsNow } from './html-head.ts';
import { renderAppendOnly, renderBanner, renderHeadline } from './html-banner.ts';
import { renderPicture } from './picture.ts';
import { renderMatrix } from './html-matrix.ts';

export function renderReportHtml(model: ReportModel): string {
  const scriptHash = createHash('sha256').update(REPORT_JS).digest('base64');
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${scriptHash}'; img-src data:; form-action 'none'; base-uri 'none'`;
  const title = `${model.integrity.ok ? '' : 'TAMPERED LEDGER: '}proofgate report: ${model.project}`;
  const body = [
    renderBanner(model),
    renderAppendOnly(model),
    '<main>',
    text('h1', title),
    text(
      'p',
      `ledger ${model.ledgerId} · target maturity ${model.target} · generated ${model.generatedAt}`,
      { class: 'meta' },
    ),
    renderAtHead(model),
    renderHeadline(model),
    renderClaimsNow(model.claimsNow, model.integrity.ok, model.rules),
    ...model.unprovenStops.map((stop) =>
      text('p', `warning: ${stop.warning}`, {
        class: 'verdict v-no',
        'data-unproven-stop': stop.entry,
      }),
    ),
    renderPicture(model.picture, model.integrity.ok),
    renderMatrix(model),
    renderGranted(model),
    renderTimeline(model),
    renderRequirementChains(model),
    renderTraceFindings(model),
    text(
      'p',
      'Re-check this page against the repository with "proofgate verify --full" and "proofgate status --json"; the page itself proves nothing once copied.',
      { class: 'note' },
    ),
    '</main>',
  ].join('\n');
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    voidEl('meta', { 'http-equiv': 'Content-Security-Policy', content: csp }),
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    text('title', title),
    `<style>${REPORT_CSS}</style>`,
    '</head>',
    `<body data-integrity="${model.integrity.ok ? 'ok' : 'tampered'}">`,
    body,
    `<script>${REPORT_JS}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
