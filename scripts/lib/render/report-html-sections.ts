// The ledger-derived sections of the HTML report: granted claims, timeline, traceability and
// trace findings. Bounded: the model already holds at most N rows of each.
import type { ReportModel } from '../core/report/build-report.ts';
import { el, escapeHtml, section, short, statusCell, table, text } from './html-escape.ts';

const DAYS_SHOWN = 31;

function counts(pairs: readonly [string, number][], label: string): string {
  const items = pairs.map(([k, n]) => text('li', `${k}: ${n}`));
  return `${text('h3', label)}<ul class="counts">${items.join('')}</ul>`;
}

export function renderGranted(model: ReportModel): string {
  const rows = model.granted.map((g) => {
    const stages = Object.entries(g.body.stages)
      .map(([stage, a]) => `${stage}: ${a.authorities.join(', ')} @ ${a.contexts.join(', ')}`)
      .join('; ');
    return `<tr data-claim="${escapeHtml(g.hash)}">${[
      text('td', g.time, { class: 'mono' }),
      text('td', g.body.scope),
      statusCell(g.body.outcome),
      text('td', g.body.maturity),
      text('td', g.body.controls.length),
      text('td', stages),
      text('td', `${g.actor.label} (${g.actor.authority}, ${g.actor.context})`),
      text('td', short(g.tree), { class: 'mono' }),
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
            'tree',
          ],
          rows,
        ) + note;
  return section('claims-granted', 'Claims granted (recorded in the ledger)', inner);
}

export function renderTimeline(model: ReportModel): string {
  const { ledger } = model;
  const rows = ledger.latest.map((r) =>
    el(
      'tr',
      { 'data-kind': r.kind },
      [
        text('td', r.time, { class: 'mono' }),
        text('td', r.kind),
        text('td', r.summary),
        text('td', r.actor.label),
        text('td', r.actor.authority),
        text('td', r.actor.context),
        text('td', r.actor.keyid === undefined ? 'unsigned' : short(r.actor.keyid), {
          class: 'mono',
        }),
        text('td', short(r.tree), { class: 'mono' }),
        text('td', `${r.file}:${r.line}`, { class: 'mono' }),
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
        `${ledger.total} entries; the latest ${ledger.latest.length} are listed, all are counted.`,
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
        ['time', 'kind', 'what', 'who', 'authority', 'context', 'key id', 'code (tree)', 'where'],
        rows,
        { id: 'timeline-table' },
      ),
    ].join(''),
  );
}

export function renderTraceability(model: ReportModel): string {
  const t = model.traceability;
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
                      { class: `st st-${x.status.toLowerCase()}` },
                      escapeHtml(`${x.id} ${x.status}`),
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
