// `status --markdown`: the same verdicts as `status`, short, for a CI step summary or a pull-request
// comment. Verdict first; then one table row per control, the ones that block first. Reasons come
// from ledger entries, so every cell is escaped for GitHub-flavoured Markdown and its inline HTML.
import type { ControlStatus } from '../core/gate/status/compute-status.ts';
import type { StatusFlowResult, StatusResult } from '../flows/views/status-flow.ts';
import { renderStatus } from './status.ts';

/** `proofgate status`'s one renderer: the Markdown summary under --markdown, else the text view. */
export function renderStatusView(result: StatusResult): string {
  return result.markdown ? renderStatusMarkdown(result) : renderStatus(result);
}

export interface StatusMarkdownOptions {
  /** Rows shown; the rest are counted. */
  maxRows?: number;
}

const MAX_CELL = 200;

/** Safe inside a table cell: no pipe, newline, HTML or emphasis can escape the cell. */
export function escapeMarkdownCell(value: string): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  const cut = flat.length > MAX_CELL ? `${flat.slice(0, MAX_CELL - 1)}…` : flat;
  return cut
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\|`*_[\]()#!~])/g, '\\$1');
}

const isSatisfied = (s: ControlStatus): boolean =>
  s.status === 'PASS' || s.status === 'NOT_APPLICABLE';

function nextOf(s: ControlStatus): string {
  if (isSatisfied(s)) return '';
  const next = s.stages.self.next ?? Object.values(s.stages).find((st) => st.next)?.next;
  return next === undefined ? '' : escapeMarkdownCell(next);
}

export function renderStatusMarkdown(
  result: StatusFlowResult & { upstream?: { ref: string; commit: string } },
  options: StatusMarkdownOptions = {},
): string {
  const n = result.statuses.length;
  const tally = Object.entries(result.counts)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${status}`)
    .join(', ');
  const head = result.ok
    ? `**READY** all ${n} controls at \`${result.target}\` are PASS or NOT_APPLICABLE${result.claimNow?.granted === false ? `, but a ${result.claimNow.scope} claim now is **refused**` : ''}`
    : `**NOT READY** ${n} controls at \`${result.target}\`: ${tally}`;
  const ordered = [
    ...result.statuses.filter((s) => !isSatisfied(s)),
    ...result.statuses.filter(isSatisfied),
  ];
  const shown = ordered.slice(0, options.maxRows ?? 50);
  const rows = shown.map(
    (s) =>
      `| ${s.status} | ${escapeMarkdownCell(s.control)} | ${escapeMarkdownCell(`${s.reason}${s.flaky && !s.reason.includes('flaky') ? ' (flaky)' : ''}${s.risks?.includes('inline') ? ' (inline script)' : ''}${s.decision === undefined ? '' : ` [${s.decision}]`}`)} | ${nextOf(s)} |`,
  );
  const claim = result.claimNow;
  const lines = [
    head,
    ...(claim === undefined ? [] : ['', `If claimed now: ${escapeMarkdownCell(claim.verdict)}`]),
    ...(claim?.weakened ?? []).map((reason) => `- ${escapeMarkdownCell(reason)}`),
    '',
    '| status | control | reason | next |',
    '| --- | --- | --- | --- |',
    ...rows,
  ];
  if (ordered.length > shown.length)
    lines.push('', `… ${ordered.length - shown.length} more controls (run \`proofgate status\`)`);
  if (result.upstream !== undefined)
    lines.push(
      '',
      `Ledger append-only against \`${escapeMarkdownCell(result.upstream.ref)}\` (fork point \`${result.upstream.commit.slice(0, 7)}\`).`,
    );
  return `${lines.join('\n')}\n`;
}
