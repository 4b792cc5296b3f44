// The top of the report: HEAD (commit and trees), the trust statement (where the keys came from,
// how many entries are signed and by whom), then the claim verdicts as `claim` would give them now
// (decideClaimNow's, never recomputed), their blockers listed once and their commands collapsed
// into one "all at once" command where the CLI prints one.
import type { ClaimDecision } from '../../core/gate/claim/decide-claim.ts';
import type { RulesReport } from '../../core/gate/claim/base-rules.ts';
import type { ReportModel } from '../../core/report/build-report.ts';
import { el, escapeHtml, section, short, statusCell, table, text } from '../html-escape.ts';
import { groupAllAtOnce } from '../all-at-once.ts';
import { renderRules } from '../gate-text.ts';

/** A hash shortened, the full value in its title and selectable (copy gives the whole id). */
export function hashSpan(hex: string, n = 12): string {
  return el('span', { class: 'hash', title: hex, 'data-full': hex }, escapeHtml(short(hex, n)));
}

export function renderAtHead(model: ReportModel): string {
  const { head, trust } = model;
  const code = [
    head.commit === undefined
      ? text('span', 'HEAD: no commit yet')
      : `HEAD commit ${hashSpan(head.commit, 12)} (git tree ${hashSpan(head.gitTree ?? '', 12)})`,
    head.tree === undefined
      ? ''
      : `; the controls bind the working tree's code, subject tree ${hashSpan(head.tree, 12)}`,
  ].join('');
  const signers = trust.signers.map((s) =>
    el('li', {}, `${hashSpan(s.keyid, 12)} ${escapeHtml(`${s.who}: ${s.entries} entries`)}`),
  );
  const statement = `Keys and authorities from ${trust.source}. ${trust.signed} of ${trust.entries} entries are signed${trust.signers.length === 0 ? '; none is.' : ', by:'}`;
  return el(
    'div',
    { id: 'at-head', class: 'at-head' },
    [
      el('p', { id: 'head-line', 'data-commit': head.commit, 'data-tree': head.tree }, code),
      text('p', statement, { id: 'trust-statement' }),
      signers.length === 0 ? '' : `<ul class="signers">${signers.join('')}</ul>`,
    ].join(''),
  );
}

/** The blockers of one decision: identical rows once, commands of one shape collapsed. */
function blockerRows(d: ClaimDecision): { rows: string[]; groups: string[] } {
  const groups = groupAllAtOnce(d.blockers);
  const grouped = new Set(groups.flatMap((g) => [...g.replaces]));
  const seen = new Set<string>();
  const rows: string[] = [];
  for (const b of d.blockers) {
    const key = [b.control, b.stage, b.status, b.reason].join('\0');
    if (seen.has(key)) continue;
    seen.add(key);
    const next =
      b.next === undefined
        ? text('td', '')
        : grouped.has(b.next)
          ? text('td', 'in the one command below', { class: 'note' })
          : text('td', b.next, { class: 'mono cmd' });
    rows.push(
      `<tr>${text('td', b.control)}${text('td', b.stage)}${statusCell(b.status)}${text('td', b.reason)}${next}</tr>`,
    );
  }
  return {
    rows,
    groups: groups.map((g) =>
      el(
        'p',
        { class: 'all-at-once', 'data-controls': g.controls.length },
        `${escapeHtml(`next, all ${g.controls.length} at once:`)} ${text('code', g.command)}`,
      ),
    ),
  };
}

export function renderClaimsNow(
  decisions: readonly ClaimDecision[],
  trusted: boolean,
  rules: RulesReport | undefined,
): string {
  const parts = decisions.map((d) => {
    if (!trusted) {
      // What claim would really answer: it verifies the ledger first and decides nothing.
      return el(
        'div',
        { class: 'claim-now', 'data-scope': d.scope, 'data-granted': 'false' },
        el(
          'div',
          { class: 'verdict v-no' },
          escapeHtml(
            `if claimed now (${d.scope}): REFUSED, the ledger does not verify (exit 3); no verdict is computed from it`,
          ),
        ),
      );
    }
    const { rows, groups } = blockerRows(d);
    const shown = rows.slice(0, 100);
    const more =
      rows.length > shown.length
        ? text('p', `… ${rows.length - shown.length} more blockers`, { class: 'note' })
        : '';
    return el(
      'div',
      { class: 'claim-now', 'data-scope': d.scope, 'data-granted': String(d.granted) },
      [
        el(
          'div',
          { class: `verdict ${d.granted ? 'v-ok' : 'v-no'}` },
          escapeHtml(`if claimed now: ${d.verdict}`),
        ),
        shown.length > 0 ? table(['control', 'stage', 'status', 'reason', 'next'], shown) : '',
        more,
        ...groups,
      ].join(''),
    );
  });
  return section(
    'claims-now',
    'Claims if made now (computed, not recorded)',
    text(
      'p',
      'Refusals are never written to the ledger; this is what "proofgate claim" would answer for this code now.',
      { class: 'note' },
    ) +
      (rules === undefined || !trusted
        ? ''
        : text('pre', renderRules(rules).join('\n'), { class: 'note', id: 'claim-rules' })) +
      parts.join(''),
  );
}
