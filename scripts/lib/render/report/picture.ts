// The status-over-time picture as inline SVG (no script, no external reference): one row per
// control, one column per code version (older ones bucketed by day), the last column "now". Each
// status has a colour and a pattern, so it reads in greyscale print and for colour-blind readers;
// a dot marks a review, a triangle under the grid a granted claim. Every cell's <title> names the
// deciding entry. Every text comes from the ledger and is escaped.
import type { StatusPicture } from '../../core/report/status-picture.ts';
import { MAX_BUCKETS, MAX_ROWS, MAX_TREES } from '../../core/report/status-picture.ts';
import { el, escapeHtml, section, text } from '../html-escape.ts';

const LABEL_W = 190;
const CELL_W = 22;
const CELL_H = 16;
const STEP_X = CELL_W + 2;
const STEP_Y = CELL_H + 2;
const NOW_GAP = 8;
const LABELS_H = 64;
const LEGEND_H = 26;
const MIN_W = 1000;

interface Look {
  fill: string;
  /** The pattern drawn over the colour: what tells the statuses apart without colour. */
  over?: string;
  words: string;
}

// Patterns are drawn in white (or dark on light fills) over the status colour.
const LOOKS: Record<string, Look> = {
  PASS: { fill: '#2da44e', words: 'PASS (solid)' },
  FAIL: {
    fill: '#cf222e',
    over: '<rect width="2.5" height="6" fill="#fff" opacity=".75"/>',
    words: 'FAIL (diagonal stripes)',
  },
  FLAKY: {
    fill: '#bf8700',
    over: '<circle cx="3" cy="3" r="1.4" fill="#fff"/>',
    words: 'FLAKY (dots)',
  },
  DISPUTED: {
    fill: '#8250df',
    over: '<path d="M0 0L6 6M6 0L0 6" stroke="#fff" stroke-width="1.2"/>',
    words: 'DISPUTED (crosses)',
  },
  STALE: {
    fill: '#f2cc60',
    over: '<rect width="6" height="1.5" fill="#7d4e00" opacity=".6"/>',
    words: 'STALE (horizontal lines)',
  },
  BLOCKED: {
    fill: '#fb8f44',
    over: '<rect width="1.5" height="6" fill="#fff" opacity=".8"/>',
    words: 'BLOCKED (vertical lines)',
  },
  TODO: { fill: '#ffffff', words: 'TODO (empty, dashed)' },
  OTHER: { fill: '#d0d7de', words: 'other (grey)' },
};

const lookOf = (status: string): [string, Look] =>
  status in LOOKS ? [status, LOOKS[status]!] : ['OTHER', LOOKS['OTHER']!];

function patterns(): string {
  const defs = Object.entries(LOOKS)
    .filter(([, look]) => look.over !== undefined)
    .map(([status, look]) => {
      const turn = status === 'FAIL' ? ' patternTransform="rotate(45)"' : '';
      return `<pattern id="pg-${status}" width="6" height="6" patternUnits="userSpaceOnUse"${turn}><rect width="6" height="6" fill="${look.fill}"/>${look.over}</pattern>`;
    });
  return `<defs>${defs.join('')}</defs>`;
}

function swatch(status: string, x: number, y: number): string {
  const [key, look] = lookOf(status);
  const fill = look.over === undefined ? look.fill : `url(#pg-${key})`;
  const dashed = key === 'TODO' ? ' stroke-dasharray="3 2"' : '';
  return `<rect x="${x}" y="${y}" width="${CELL_W}" height="${CELL_H}" fill="${fill}"${dashed}/>`;
}

const cut = (value: string, n: number): string =>
  value.length > n ? `${value.slice(0, n - 1)}…` : value;

const colX = (picture: StatusPicture, c: number): number =>
  LABEL_W + c * STEP_X + (c === picture.columns.length - 1 ? NOW_GAP : 0);

function grid(picture: StatusPicture, trusted: boolean): string {
  const rows = picture.controls.map((control, r) => {
    const y = r * STEP_Y;
    const label = `<text class="pl" x="${LABEL_W - 6}" y="${y + CELL_H - 4}" text-anchor="end">${escapeHtml(cut(control, 28))}<title>${escapeHtml(control)}</title></text>`;
    const cells = picture.cells[r]!.map((cell, c) => {
      const x = colX(picture, c);
      const audits =
        cell.audits.length === 0
          ? ''
          : `<circle cx="${x + CELL_W - 4}" cy="${y + 4}" r="2.6" fill="#1b1f24" stroke="#fff" stroke-width=".8"/>`;
      const title = `${control} · ${picture.columns[c]!.label}: ${cell.title}${trusted ? '' : ' (untrusted: the ledger does not verify)'}`;
      return el(
        'g',
        {
          class: 'pc',
          'data-control': control,
          'data-column': c,
          'data-status': cell.status,
          'data-audits': cell.audits.length === 0 ? undefined : cell.audits.join(' '),
        },
        `<title>${escapeHtml(title)}</title>${swatch(cell.status, x, y)}${audits}`,
      );
    });
    return label + cells.join('');
  });
  return rows.join('');
}

function axis(picture: StatusPicture, top: number): string {
  const byColumn = new Map<number, typeof picture.claims>();
  for (const claim of picture.claims)
    byColumn.set(claim.column, [...(byColumn.get(claim.column) ?? []), claim]);
  const markers = [...byColumn].map(([c, claims]) => {
    const x = colX(picture, c) + CELL_W / 2;
    const shown = claims.slice(-20).map((k) => k.title);
    const more =
      claims.length > shown.length ? [`… and ${claims.length - shown.length} earlier`] : [];
    return el(
      'g',
      { class: 'claim-mark', 'data-column': c, 'data-claims': claims.length },
      `<title>${escapeHtml([...shown, ...more].join('\n'))}</title><path d="M${x} ${top}l-5 9h10z" fill="#0969da"/>`,
    );
  });
  const labels = picture.columns.map((col, c) => {
    const x = colX(picture, c) + CELL_W / 2 + 3;
    const y = top + 14;
    return `<text class="pa" x="${x}" y="${y}" transform="rotate(-55 ${x} ${y})" text-anchor="end" data-column="${c}" data-key="${escapeHtml(col.key)}" data-kind="${col.kind}">${escapeHtml(col.label)}<title>${escapeHtml(col.title)}</title></text>`;
  });
  return markers.join('') + labels.join('');
}

function legend(y: number): string {
  const items = ['PASS', 'FAIL', 'FLAKY', 'DISPUTED', 'STALE', 'BLOCKED', 'TODO'].map((s, i) => {
    const x = i * 116;
    return `${swatch(s, x, y)}<text class="pa" x="${x + CELL_W + 4}" y="${y + CELL_H - 4}">${escapeHtml(LOOKS[s]!.words.replace(/ \(.*/, ''))}</text>`;
  });
  const x = 7 * 116;
  const marks = `<circle cx="${x + 6}" cy="${y + 8}" r="2.6" fill="#1b1f24"/><text class="pa" x="${x + 14}" y="${y + CELL_H - 4}">review</text><path d="M${x + 70} ${y + 3}l-5 9h10z" fill="#0969da"/><text class="pa" x="${x + 80}" y="${y + CELL_H - 4}">claim</text>`;
  return `<g class="legend">${items.join('')}${marks}</g>`;
}

function caption(picture: StatusPicture): string {
  const buckets = picture.columns.filter((c) => c.kind === 'bucket').length;
  return [
    `${picture.controls.length + picture.hiddenControls} controls (rows) over the ${picture.trees} code versions (subject trees) the ledger's entries judged (columns).`,
    picture.bucketedTrees > 0
      ? ` The latest ${MAX_TREES} are columns of their own; the ${picture.bucketedTrees} older ones are bucketed by day into ${buckets} columns (at most ${MAX_BUCKETS}), each showing its worst result.`
      : '',
    picture.hiddenControls > 0
      ? ` The first ${MAX_ROWS} controls are drawn; ${picture.hiddenControls} more are in the matrix below.`
      : '',
    ' The last column is each control’s status now. Hover a cell for the entry behind it.',
  ].join('');
}

export function renderPicture(picture: StatusPicture, trusted: boolean): string {
  const gridH = Math.max(1, picture.controls.length) * STEP_Y;
  const width = Math.max(MIN_W, colX(picture, picture.columns.length - 1) + CELL_W + 12);
  const height = gridH + 6 + LABELS_H + LEGEND_H;
  const svg = el(
    'svg',
    {
      id: 'status-picture',
      class: trusted ? 'picture' : 'picture untrusted',
      role: 'img',
      'aria-label': 'status of each control on each code version over time',
      width,
      height,
      viewBox: `0 0 ${width} ${height}`,
      'data-rows': picture.controls.length,
      'data-columns': picture.columns.length,
    },
    patterns() + grid(picture, trusted) + axis(picture, gridH + 4) + legend(gridH + LABELS_H),
  );
  return section(
    'picture',
    'Status over time (each control on each code version)',
    text('p', caption(picture), { class: 'note', id: 'picture-caption' }) +
      el('div', { class: 'picture-box' }, svg),
  );
}
