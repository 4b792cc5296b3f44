// The ledger-derived sections of the HTML report: granted claims, timeline, traceability and
// trace findings. Bounded: the model already holds at most N rows of each.
import type { ReportModel } from '../../core/report/build-report.ts';
import type { ClaimAge } from '../../core/report/report-head.ts';
import { el, escapeHtml, section, short, statusCell, table, text } from '../html-escape.ts';
import { entryAnchor, renderEvidence } from './html-evidence.ts';
import { hashSpan } from './html-head.ts';

const DAYS_SHOWN = 31;

function counts(pairs: readonly [string, number][], label: string): string {
  const items = pairs.map(([k, n]) => text('li', `${k}: ${n}`));
  return `${text('h3', label)}<ul class="counts">${items.join('')}</ul>`;
}

export function renderGranted(model: ReportModel): string {
  const trusted = model.integrity.ok;
  const rows = model.granted.map((g) => {
    const stages = Object.entries(g.body.stages)
      .map(([stage, a]) => `${stage}: ${a.authorities.join(', ')} @ ${a.contexts.join(', ')}`)
      .join('; ');
    const outcome = !trusted
      ? statusCell(g.body.outcome, undefined, trusted)
      : g.supersededBy !== undefined
        ? el(
            'td',
            { class: 'st st-superseded', 'data-status': g.body.outcome },
            `${escapeHtml(`${g.body.outcome} superseded by`)} ${link(g.supersededBy)}`,
          )
        : g.age !== undefined && g.age.kind !== 'head'
          ? el(
              'td',
              { class: 'st st-old', 'data-status': g.body.outcome, 'data-age': ageText(g.age) },
              escapeHtml(`${g.body.outcome} ${ageText(g.age)}`),
            )
          : statusCell(g.body.outcome, 'on the code the controls bind now', trusted);
    const keys = [
      `claim: ${g.actor.keyid === undefined ? 'unsigned' : short(g.actor.keyid)}`,
      ...Object.entries(g.body.stages).map(
        ([stage, a]) =>
          `${stage}: ${a.keyids.length === 0 ? 'unsigned' : a.keyids.map((k) => short(k)).join(', ')}`,
      ),
    ];
    const fullKeys = [g.actor.keyid, ...Object.values(g.body.stages).flatMap((a) => a.keyids)];
    const supporting = g.body.supporting.map(link).join(' ');
    return `<tr data-claim="${escapeHtml(g.hash)}" id="${escapeHtml(entryAnchor(g.hash))}"${g.supersededBy === undefined ? '' : ' data-superseded="true"'}>${[
      text('td', g.time, { class: 'mono' }),
      text('td', g.body.scope),
      outcome,
      text('td', g.body.maturity),
      text('td', g.body.controls.length),
      text('td', stages),
      text('td', `${g.actor.label} (${g.actor.authority}, ${g.actor.context})`),
      text('td', keys.join('; '), {
        class: 'mono keys',
        title: fullKeys.filter((k) => k !== undefined).join(' '),
      }),
      text('td', codeOf(model, g.tree), { class: 'mono' }),
      el('td', { class: 'mono supporting' }, supporting),
    ].join('')}</tr>`;
  });
  const note =
    model.grantedTotal > model.granted.length
      ? text('p', `latest ${model.granted.length} of ${model.grantedTotal} granted claims`, {
          class: 'note',
        })
      : '';
  const inner =
    rows.length === 0
      ? text('p', 'No claim has been granted in this ledger.', { class: 'note' })
      : table(
          [
            'time',
            'scope',
            'outcome',
            'maturity',
            'controls',
            'stages (authorities @ contexts)',
            'claimed by',
            'keys (claim; per stage)',
            'code',
            'supporting entries',
          ],
          rows,
        ) + note;
  return section(
    'claims-granted',
    'Claims granted (history recorded in the ledger; the current verdicts are above)',
    inner,
  );
}

/** How far behind HEAD a claim's code is, in words. */
function ageText(age: ClaimAge): string {
  if (age.kind === 'head') return 'on the code the controls bind now';
  if (age.kind === 'older')
    return `on older code (not among the latest ${age.searched} commits of HEAD)`;
  return age.commits === 0
    ? `on older code (HEAD's commit ${short(age.commit, 7)}; the working tree changed since)`
    : `on older code, ${age.commits} commits behind (commit ${short(age.commit, 7)})`;
}

/** A subject tree as the commit it comes from when known: `tree 897e73c6 = commit 04ba4df`. */
function codeOf(model: ReportModel, tree: string): string {
  const commit = model.commitOf.get(tree);
  return commit === undefined
    ? `tree ${short(tree, 8)}`
    : `tree ${short(tree, 8)} = commit ${short(commit, 7)}`;
}

/** A link to an entry's row on this page, shown as its short hash. */
function link(hash: string): string {
  return el(
    'a',
    { href: `#${entryAnchor(hash)}`, 'data-entry': hash, title: hash },
    escapeHtml(short(hash, 8)),
  );
}

export function renderTimeline(model: ReportModel): string {
  const { ledger } = model;
  const rows = ledger.latest.map((r) =>
    el(
      'tr',
      {
        'data-kind': r.kind,
        id: entryAnchor(r.hash),
        'data-entry': r.hash,
        'data-pinned': r.isPinned ? 'true' : undefined,
      },
      [
        text('td', r.time, { class: 'mono' }),
        text('td', r.kind),
        text('td', r.summary),
        text('td', r.actor.label),
        text('td', r.actor.authority),
        text('td', r.actor.context),
        r.actor.keyid === undefined
          ? text('td', 'unsigned', { class: 'mono' })
          : el('td', { class: 'mono' }, hashSpan(r.actor.keyid)),
        text('td', codeOf(model, r.tree), { class: 'mono' }),
        text('td', `${r.file}:${r.line}`, { class: 'mono' }),
        el('td', { class: 'mono' }, hashSpan(r.hash)),
        el('td', {}, r.objects.map((d) => renderEvidence(d, model.evidence.get(d))).join('')),
      ].join(''),
    ),
  );
  const days = ledger.byDay.slice(0, DAYS_SHOWN);
  const olderDays = ledger.byDay.length - days.length;
  return section(
    'timeline',
    'Ledger timeline',
    [
      text(
        'p',
        `${ledger.total} entries; the latest ${ledger.latest.filter((r) => !r.isPinned).length} are listed, all are counted${ledger.latest.some((r) => r.isPinned) ? ', and older entries a granted claim cites are listed after them' : ''}.`,
        {
          id: 'timeline-summary',
          class: 'note',
        },
      ),
      counts(ledger.byKind, 'by kind'),
      counts(ledger.byAuthority, 'by authority'),
      counts(
        days,
        olderDays > 0
          ? `by day (latest ${days.length}; ${olderDays} earlier days not shown)`
          : 'by day',
      ),
      '<p><input type="search" id="timeline-filter" placeholder="filter entries" aria-label="filter entries"></p>',
      table(
        [
          'time',
          'kind',
          'what',
          'who',
          'authority',
          'context',
          'key id',
          'code (tree minus the plane storage = commit)',
          'where',
          'entry',
          'evidence',
        ],
        rows,
        { id: 'timeline-table' },
      ),
    ].join(''),
  );
}

export function renderRequirementChains(model: ReportModel): string {
  const t = model.traceability;
  const trusted = model.integrity.ok;
  const rows = t.chains.map((c) =>
    el(
      'tr',
      { 'data-requirement': c.requirement, 'data-gaps': c.gaps.length },
      [
        text('td', c.label === c.requirement ? c.requirement : `${c.requirement}: ${c.label}`),
        text('td', c.risks.join(', ') || '(none)', {
          class: c.risks.length === 0 ? 'gap' : undefined,
        }),
        el(
          'td',
          {},
          c.controls.length === 0
            ? el('span', { class: 'gap' }, '(none)')
            : c.controls
                .map(
                  (x) =>
                    el(
                      'span',
                      { class: trusted ? `st st-${x.status.toLowerCase()}` : 'st st-untrusted' },
                      escapeHtml(`${x.id} ${x.status}${trusted ? '' : ' (untrusted)'}`),
                    ) +
                    (x.evidence === undefined
                      ? ''
                      : el('span', { class: 'mono' }, ` ${escapeHtml(short(x.evidence))}`)),
                )
                .join('<br>'),
        ),
        text(
          'td',
          c.gaps
            .map(
              (g) =>
                `${g.kind}${g.control === undefined ? '' : ` (${g.control})`} from ${g.maturity}`,
            )
            .join('; '),
          {
            class: 'gap',
          },
        ),
      ].join(''),
    ),
  );
  const inner = [
    text(
      'p',
      `${t.nodes} nodes, ${t.edges} edges; gaps: ${t.gaps.length}, of which ${t.blocking.length} block claims at ${model.target}.`,
      { class: 'note' },
    ),
    rows.length === 0
      ? text('p', 'No requirement is linked from the registry: nothing can be traced.', {
          class: 'gap',
        })
      : table(['requirement', 'risks', 'controls → evidence', 'gaps'], rows, { id: 'trace-table' }),
    t.unlinked.length === 0
      ? ''
      : text('p', `Controls no requirement leads to: ${t.unlinked.join(', ')}`, { class: 'note' }),
  ];
  return section(
    'traceability',
    'Traceability (requirement → risk → control → evidence → outcome)',
    inner.join(''),
  );
}

export function renderTraceFindings(model: ReportModel): string {
  const f = model.traceFindings;
  const rows = f.rows.map(
    (r) =>
      `<tr>${[
        text('td', r.control, { class: 'mono' }),
        text('td', r.trace, { class: 'mono' }),
        text('td', r.rule),
        text('td', r.level),
        text('td', r.outcome),
        text('td', r.message),
        text('td', r.at.slice(0, 20).join(', ')),
        text('td', short(r.entry), { class: 'mono' }),
      ].join('')}</tr>`,
  );
  const inner = [
    rows.length === 0
      ? text('p', 'No trace findings in the latest run of any trace control.', { class: 'note' })
      : table(
          ['control', 'trace', 'rule', 'level', 'outcome', 'message', 'events', 'entry'],
          rows,
          { id: 'trace-findings-table' },
        ),
    f.total > f.rows.length
      ? text('p', `latest ${f.rows.length} of ${f.total} findings`, { class: 'note' })
      : '',
    f.problems.length === 0
      ? ''
      : `<ul>${f.problems.map((p) => text('li', p, { class: 'gap' })).join('')}</ul>`,
  ];
  return section('trace-findings', 'Trace findings (from trace-control evidence)', inner.join(''));
}
