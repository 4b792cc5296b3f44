// The first things on the report: the integrity banner, whose first words say where trust comes
// from (the auditor's trust file, or only the repository's own keys, which a history rewritten
// by someone who can push would satisfy just as well), findings first when there are any; the
// append-only line; and the headline: one verdict per claim scope, the one `claim` gives.
import type { ClaimDecision } from '../../core/gate/claim/decide-claim.ts';
import { nextCommand } from '../../core/next/next-table.ts';
import type { ReportModel } from '../../core/report/build-report.ts';
import { el, escapeHtml, text } from '../html-escape.ts';

/** Where an intact read started when a trusted checkpoint stood for the prefix. */
function sinceCheckpoint(checkpoint: ReportModel['integrity']['checkpoint']): string {
  return checkpoint === undefined
    ? ''
    : ` after the trusted checkpoint ${checkpoint.entry} (its ${checkpoint.covered} covered lines proven by blob id)`;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The first words of an intact banner: under which keys it is intact. */
export function intactUnder(model: Pick<ReportModel, 'trustRoot'>): string {
  const root = model.trustRoot;
  return root === undefined
    ? `INTACT as far as this repository's own keys go — no trust file; a history rewritten by someone who can push would look the same (${nextCommand('verifyTrust')})`
    : `INTACT under the auditor's trust file ${root.name} (${plural(root.keys, 'key')}, ${plural(root.heads, 'pinned head')})`;
}

export function renderBanner(model: ReportModel): string {
  const { integrity } = model;
  const trust = model.trustRoot === undefined ? 'own-keys' : 'trust-file';
  if (integrity.ok) {
    // Only the trust file's all-clear is green: the repository's own keys vouch for themselves.
    const detail = `${integrity.checkedLines} lines in ${integrity.segments} segments checked${sinceCheckpoint(integrity.checkpoint)}: ${integrity.verified}; evidence objects re-hashed`;
    return el(
      'div',
      {
        id: 'integrity',
        class: `banner ${model.trustRoot === undefined ? 'banner-own' : 'banner-ok'}`,
        'data-integrity': 'ok',
        'data-trust': trust,
      },
      escapeHtml(intactUnder(model)) + text('p', detail, { class: 'banner-detail' }),
    );
  }
  const more = integrity.totalFindings - integrity.findings.length;
  const items = integrity.findings.map((f) =>
    text('li', `${f.file}:${f.line}: ${f.code} ${f.message}`),
  );
  if (more > 0) items.push(text('li', `… and ${more} more (run "proofgate verify --full")`));
  const under =
    model.trustRoot === undefined
      ? "checked against this repository's own keys; no trust file"
      : `checked under the auditor's trust file ${model.trustRoot.name}`;
  return el(
    'div',
    {
      id: 'integrity',
      class: 'banner banner-tampered',
      role: 'alert',
      'data-integrity': 'tampered',
      'data-trust': trust,
    },
    [
      escapeHtml(`LEDGER TAMPERED: ${integrity.totalFindings} integrity findings (${under})`),
      text(
        'p',
        'The ledger failed verification. Every status and claim below is computed from untrusted entries and must not be relied on. Have a human inspect the lines named:',
      ),
      `<ul>${items.join('')}</ul>`,
    ].join(''),
  );
}

/** Which upstream the ledger was proven to extend, or that no such comparison was made. */
export function renderAppendOnly(model: ReportModel): string {
  const { upstream } = model.integrity;
  const line =
    upstream === undefined
      ? 'No upstream comparison: the branch has no upstream (or --no-base was given), so the ledger was not proven to extend a protected ref.'
      : `Append-only against ${upstream.ref}: the ledger at the fork point ${upstream.commit.slice(0, 7)} is a byte prefix of the ledger now.`;
  return text('p', line, { id: 'append-only', class: 'meta banner-sub' });
}

/** What the report's task is: it has none, so the Stop hook's with no task named. */
const TASK_MEANS = 'no task named: every required control, as the Stop hook decides it';

/** One scope's verdict in the headline: granted or refused, and how many blockers. */
function scopeVerdict(d: ClaimDecision, trusted: boolean): string {
  const granted = trusted && d.granted;
  const said = !trusted
    ? 'REFUSED: the ledger does not verify (exit 3)'
    : d.granted
      ? 'GRANTED'
      : `REFUSED: ${plural(d.blockers.length, 'blocker')}`;
  const means = d.scope === 'task' ? text('small', TASK_MEANS) : '';
  return el(
    'p',
    {
      class: `verdict ${granted ? 'v-ok' : 'v-no'}`,
      'data-verdict': d.scope,
      'data-granted': String(granted),
      title: trusted ? d.verdict : undefined,
    },
    `${escapeHtml(`${d.scope} ${said}`)}${means}`,
  );
}

/** One verdict per claim scope, claim's own; then the statuses' tally, as `status` counts it. */
export function renderHeadline(model: ReportModel): string {
  const required = model.controls.filter((c) => c.isRequired);
  const tally = Object.entries(model.counts)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s}`)
    .join(', ');
  const trusted = model.integrity.ok;
  const counted = `${required.length} controls required at ${model.target}: ${tally || 'none'}${trusted ? '' : ' (untrusted: the ledger does not verify)'}`;
  return el(
    'div',
    { id: 'status-verdict', class: 'headline' },
    `${el('div', { class: 'scopes' }, model.claimsNow.map((d) => scopeVerdict(d, trusted)).join(''))}${text('p', counted, { class: 'meta', id: 'status-tally' })}`,
  );
}
