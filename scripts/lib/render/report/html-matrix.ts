// The control status matrix: one row per control, grouped by the maturity it is required from,
// its status, each audit stage's status and a short label of who stands behind it, and the
// reason. What a label stands for (the signer, where its key was registered, the place findings
// such as "same host as the run it reviews") repeats control by control, so a cell holds only a
// status, a short label and the number of a note below the table that says it once.
import { AUDIT_STAGES, type AuditStage } from '../../core/ledger/types.ts';
import { MATURITY_LEVELS } from '../../core/plane/types.ts';
import type { ReportControl, ReportModel } from '../../core/report/build-report.ts';
import type { StageStatus } from '../../core/gate/status/stage-status.ts';
import { el, escapeHtml, section, statusCell, table, text } from '../html-escape.ts';
import { describeSigning } from '../signing-text.ts';

/** The distinct long texts of the matrix, numbered in the order they first appear. */
class Notes {
  readonly texts: string[] = [];
  numberOf(said: string): number {
    const at = this.texts.indexOf(said);
    if (at >= 0) return at + 1;
    this.texts.push(said);
    return this.texts.length;
  }
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

/** The short label of a stage's signer: signed, keyless or an unsigned label; ! when flagged. */
function shortLabel(st: StageStatus): string {
  const word =
    st.strength === 'label' || st.signing === undefined
      ? 'label'
      : st.signing.keyless
        ? 'keyless'
        : 'signed';
  return (st.signing?.flags.length ?? 0) > 0 ? `${word} !` : word;
}

function stageCell(st: StageStatus, notes: Notes): string {
  const said = describeSigning(st);
  const n = notes.numberOf(said);
  const cls = `st st-${st.status.toLowerCase().replace(/[^a-z_]/g, '')}`;
  return el(
    'td',
    {
      class: cls,
      'data-status': st.status,
      'data-strength': st.strength,
      'data-note': n,
      title: `${st.reason}\n${said}`,
    },
    `${escapeHtml(st.status)} ${el('a', { class: 'note-ref', href: `#note-${n}` }, `${escapeHtml(shortLabel(st))} [${n}]`)}`,
  );
}

function matrixRow(
  c: ReportControl,
  trusted: boolean,
  required: readonly AuditStage[],
  notes: Notes,
): string {
  const stages = AUDIT_STAGES.map((s) => {
    const st = c.stages[s];
    if (st.status === 'TODO' && !required.includes(s)) return notRequiredCell(s);
    if (st.strength === undefined || !trusted) return statusCell(st.status, st.reason, trusted);
    return stageCell(st, notes);
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

export function renderMatrix(model: ReportModel): string {
  const notes = new Notes();
  const groups = MATURITY_LEVELS.map((level) => {
    const controls = model.controls.filter((c) => c.maturity === level);
    if (controls.length === 0) return '';
    const heading = `<tr class="group">${el('th', { colspan: 11 }, escapeHtml(`required from ${level}${controls[0]!.isRequired ? ' (required at the target)' : ' (above the target: not required)'}`))}</tr>`;
    return (
      heading +
      controls.map((c) => matrixRow(c, model.integrity.ok, model.stagesRequired, notes)).join('')
    );
  });
  const headers = ['control', 'title', 'owner', 'execution', 'status', ...AUDIT_STAGES, 'reason'];
  const legend =
    notes.texts.length === 0
      ? ''
      : text(
          'p',
          'Who stands behind each stage result: "signed", "keyless" or "label" (unsigned), "!" when the note names a finding about where it was written; the number is its note.',
          { class: 'note' },
        ) +
        el(
          'ol',
          { id: 'matrix-notes', class: 'notes' },
          notes.texts.map((said, i) => text('li', said, { id: `note-${i + 1}` })).join(''),
        );
  return section(
    'matrix',
    'Control status matrix (by maturity and audit stage)',
    [
      '<p><input type="search" id="matrix-filter" placeholder="filter controls" aria-label="filter controls"></p>',
      table(headers, groups, { id: 'matrix-table' }),
      legend,
    ].join(''),
  );
}
