// The auditor's report as one self-contained HTML page (references/report.md): integrity banner
// first, then the claim verdicts, the status matrix, the timeline, traceability and trace findings.
import { createHash } from 'node:crypto';
import { AUDIT_STAGES, type AuditStage } from '../../core/ledger/types.ts';
import { MATURITY_LEVELS } from '../../core/plane/types.ts';
import type { ReportControl, ReportModel } from '../../core/report/build-report.ts';
import { el, escapeHtml, section, statusCell, table, text, voidEl } from '../html-escape.ts';
import {
  renderGranted,
  renderTimeline,
  renderRequirementChains,
  renderTraceFindings,
} from './html-sections.ts';
import { REPORT_CSS, REPORT_JS } from './style.ts';
import { renderAtHead, renderClaimsNow } from './html-head.ts';
import { renderPicture } from './picture.ts';
import { describeSigning } from '../signing-text.ts';

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

/** Where an intact read started when a trusted checkpoint stood for the prefix. */
function sinceCheckpoint(checkpoint: ReportModel['integrity']['checkpoint']): string {
  return checkpoint === undefined
    ? ''
    : ` after the trusted checkpoint ${checkpoint.entry} (its ${checkpoint.covered} covered lines proven by blob id)`;
}

function renderBanner(model: ReportModel): string {
  const { integrity } = model;
  if (integrity.ok) {
    return el(
      'div',
      { id: 'integrity', class: 'banner banner-ok', 'data-integrity': 'ok' },
      escapeHtml(
        `LEDGER INTACT: ${integrity.checkedLines} lines in ${integrity.segments} segments checked${sinceCheckpoint(integrity.checkpoint)}: ${integrity.verified}; evidence objects re-hashed`,
      ),
    );
  }
  const more = integrity.totalFindings - integrity.findings.length;
  const items = integrity.findings.map((f) =>
    text('li', `${f.file}:${f.line}: ${f.code} ${f.message}`),
  );
  if (more > 0) items.push(text('li', `… and ${more} more (run "proofgate verify --full")`));
  return el(
    'div',
    {
      id: 'integrity',
      class: 'banner banner-tampered',
      role: 'alert',
      'data-integrity': 'tampered',
    },
    [
      escapeHtml(`LEDGER TAMPERED: ${integrity.totalFindings} integrity findings`),
      text(
        'p',
        'The ledger failed verification. Every status and claim below is computed from untrusted entries and must not be relied on. Have a human inspect the lines named:',
      ),
      `<ul>${items.join('')}</ul>`,
    ].join(''),
  );
}

/** Which upstream the ledger was proven to extend, or that no such comparison was made. */
function renderAppendOnly(model: ReportModel): string {
  const { upstream } = model.integrity;
  const line =
    upstream === undefined
      ? 'No upstream comparison: the branch has no upstream (or --no-base was given), so the ledger was not proven to extend a protected ref.'
      : `Append-only against ${upstream.ref}: the ledger at the fork point ${upstream.commit.slice(0, 7)} is a byte prefix of the ledger now.`;
  return text('p', line, { id: 'append-only', class: 'meta banner-sub' });
}

function renderHeadline(model: ReportModel): string {
  const required = model.controls.filter((c) => c.isRequired);
  const tally = Object.entries(model.counts)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s}`)
    .join(', ');
  // Green only when the project claim would be granted too: statuses alone are not "what is open".
  const project = model.claimsNow.find((d) => d.scope === 'project');
  const isOpen = project !== undefined && !project.granted;
  const line = model.isReady
    ? `READY all ${required.length} controls at ${model.target} are PASS or NOT_APPLICABLE${isOpen ? `, but a project claim now is refused: ${project.blockers.length} blocker(s) below` : ''}`
    : `NOT READY ${required.length} controls at ${model.target}: ${tally}`;
  const trusted = model.integrity.ok;
  return el(
    'div',
    {
      id: 'status-verdict',
      class: `verdict ${model.isReady && !isOpen && trusted ? 'v-ok' : 'v-no'}`,
    },
    escapeHtml(trusted ? line : `UNTRUSTED (ledger tampered): ${line}`),
  );
}

// A stage no claim scope requires, with nothing recorded: grayed "not required", never a TODO.
function notRequiredCell(stage: string): string {
  return el(
    'td',
    {
      class: 'st st-not_required',
      'data-status': 'NOT_REQUIRED',
      title: `no claim at this plane's policies requires the ${stage} stage`,
    },
    escapeHtml('not required'),
  );
}

function matrixRow(c: ReportControl, trusted: boolean, required: readonly AuditStage[]): string {
  const stages = AUDIT_STAGES.map((s) => {
    const st = c.stages[s];
    if (st.status === 'TODO' && !required.includes(s)) return notRequiredCell(s);
    if (st.strength === undefined || !trusted) return statusCell(st.status, st.reason, trusted);
    const cls = `st st-${st.status.toLowerCase().replace(/[^a-z_]/g, '')}`;
    const said = describeSigning(st);
    return el(
      'td',
      { class: cls, 'data-status': st.status, 'data-strength': st.strength, title: st.reason },
      `${escapeHtml(st.status)} ${text('small', said)}`,
    );
  }).join('');
  return el(
    'tr',
    { 'data-control': c.control, 'data-status': c.status, 'data-required': String(c.isRequired) },
    [
      text('td', c.control, { class: 'mono' }),
      text('td', c.title),
      text('td', c.owner),
      text('td', c.risks?.includes('inline') ? `${c.execution} (inline script)` : c.execution),
      statusCell(c.status, undefined, trusted),
      stages,
      text(
        'td',
        `${c.reason}${c.flaky && !/flaky/i.test(c.reason) ? ' (flaky)' : ''}${c.decision === undefined ? '' : ` [${c.decision}]`}`,
      ),
    ].join(''),
  );
}

function renderMatrix(model: ReportModel): string {
  const groups = MATURITY_LEVELS.map((level) => {
    const controls = model.controls.filter((c) => c.maturity === level);
    if (controls.length === 0) return '';
    const heading = `<tr class="group">${el('th', { colspan: 11 }, escapeHtml(`required from ${level}${controls[0]!.isRequired ? ' (required at the target)' : ' (above the target: not required)'}`))}</tr>`;
    return (
      heading + controls.map((c) => matrixRow(c, model.integrity.ok, model.stagesRequired)).join('')
    );
  });
  const headers = ['control', 'title', 'owner', 'execution', 'status', ...AUDIT_STAGES, 'reason'];
  return section(
    'matrix',
    'Control status matrix (by maturity and audit stage)',
    [
      '<p><input type="search" id="matrix-filter" placeholder="filter controls" aria-label="filter controls"></p>',
      table(headers, groups, { id: 'matrix-table' }),
    ].join(''),
  );
}
