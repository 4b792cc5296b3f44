// One evidence object on the report page: a native <details> (opens without script) holding the
// bounded, redacted text, or a label saying why there is none: "empty output (0 bytes)", binary,
// missing, corrupt, or over the page budget (with the command that shows it).
import type { EvidenceView } from '../../core/report/evidence-views.ts';
import { el, escapeHtml, short } from '../html-escape.ts';

/** The id of an entry's row: `e-` and its full hash. */
export function entryAnchor(hash: string): string {
  return `e-${hash}`;
}

function label(digest: string, view: EvidenceView | undefined): string {
  const name = short(digest);
  if (view === undefined) return `${name}: not embedded`;
  switch (view.state) {
    case 'empty':
      return `${name}: empty output (0 bytes)`;
    case 'text':
      return `${name}: ${view.bytes} bytes${view.isCut ? ', first part shown' : ''}`;
    case 'binary':
      return `${name}: binary, ${view.bytes} bytes (not shown)`;
    case 'missing':
      return `${name}: MISSING from the object store`;
    case 'corrupt':
      return `${name}: CORRUPT (does not re-hash to its name)`;
    case 'not-embedded':
      return `${name}: not embedded (page size bound)`;
  }
}

export function renderEvidence(digest: string, view: EvidenceView | undefined): string {
  const summary = el('summary', {}, escapeHtml(label(digest, view)));
  const body =
    view?.state === 'text'
      ? el('pre', {}, escapeHtml(view.text)) +
        (view.isCut
          ? el(
              'p',
              { class: 'note' },
              escapeHtml(
                `… cut; the whole object is evidence/objects/sha256/${digest.slice(0, 2)}/${digest} in the plane`,
              ),
            )
          : '')
      : el('p', { class: 'note mono' }, escapeHtml(`object sha256 ${digest}`));
  return el(
    'details',
    { class: 'evidence', 'data-object': digest, 'data-state': view?.state ?? 'not-embedded' },
    summary + body,
  );
}
