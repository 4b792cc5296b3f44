// The status-over-time picture as inline SVG (no script, no external reference): one row per
// control, one column per code version (older ones bucketed by day), the last column "now". Each
// status has a colour and a pattern, so it reads in greyscale print and for colour-blind readers;
// a dot marks a review, a triangle under the grid a granted claim. Every cell's <title> names the
// deciding entry. Every text comes from the ledger and is escaped.
import type { StatusPicture } from '../../core/report/status-picture.ts';
import { MAX_BUCKETS, MAX_ROWS, MAX_TREES } from '../../core/report/status-picture.ts';
import { el, escapeHtml, section, text } from '../html-escape.ts';

const NOW_GAP = 8;
const LABELS_H = 64;
const LEGEND_H = 26;
/** The drawing's least width: the picture box's inner width in a 1280 px window. */
const MIN_W = 1160;
/** The legend's swatches, and the smallest cell: what a full picture (41 columns) draws. */
const SWATCH_W = 22;
const SWATCH_H = 16;
/** The largest cell: readable and easy to hover when there are few code versions. */
const MAX_CELL_W = 72;
const MAX_CELL_H = 28;
/** Above this many rows cells keep the least height, so a tall picture stays a screen or two. */
const TALL_ROWS = 24;

/**
 * The cells' size for this picture: the room the least width leaves, shared by its columns,
 * between the smallest cell and the largest; labels get more room when the columns leave it.
 */
interface Geometry {
  labelW: number;
  /** Characters of a control id shown before it is cut (the full id is in its title). */
  labelChars: number;
  cellW: number;
  cellH: number;
  stepX: number;
  stepY: number;
}

function geometryOf(picture: StatusPicture): Geometry {
  const columns = Math.max(1, picture.columns.length);
  const labelW = columns <= 12 ? 300 : 190;
  const room = MIN_W - labelW - NOW_GAP - 12;
  const cellW = Math.min(MAX_CELL_W, Math.max(SWATCH_W, Math.floor(room / columns) - 2));
  const cellH =
    picture.controls.length > TALL_ROWS
      ? SWATCH_H
      : Math.min(MAX_CELL_H, Math.max(SWATCH_H, Math.round(cellW * 0.4)));
  // 11 px monospace: about 6.7 px a character.
  const labelChars = Math.floor((labelW - 10) / 6.7);
  return { labelW, labelChars, cellW, cellH, stepX: cellW + 2, stepY: cellH + 2 };
}

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

function swatch(status: string, x: number, y: number, w = SWATCH_W, h = SWATCH_H): string {
  const [key, look] = lookOf(status);
  const fill = look.over === undefined ? look.fill : `url(#pg-${key})`;
  const dashed = key === 'TODO' ? ' stroke-dasharray="3 2"' : '';
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"${dashed}/>`;
}

const cut = (value: string, n: number): string =>
  value.length > n ? `${value.slice(0, n - 1)}…` : value;

const colX = (picture: StatusPicture, g: Geometry, c: number): number =>
  g.labelW + c * g.stepX + (c === picture.columns.length - 1 ? NOW_GAP : 0);

function grid(picture: StatusPicture, g: Geometry, trusted: boolean): string {
  const rows = picture.controls.map((control, r) => {
    const y = r * g.stepY;
    const mid = y + g.cellH / 2 + 4;
    const label = `<text class="pl" x="${g.labelW - 6}" y="${mid}" text-anchor="end">${escapeHtml(cut(control, g.labelChars))}<title>${escapeHtml(control)}</title></text>`;
    const cells = picture.cells[r]!.map((cell, c) => {
      const x = colX(picture, g, c);
      const audits =
        cell.audits.length === 0
          ? ''
          : `<circle cx="${x + g.cellW - 4}" cy="${y + 4}" r="2.6" fill="#1b1f24" stroke="#fff" stroke-width=".8"/>`;
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
        `<title>${escapeHtml(title)}</title>${swatch(cell.status, x, y, g.cellW, g.cellH)}${audits}`,
      );
    });
    return label + cells.join('');
  });
  return rows.join('');
}

function axis(picture: StatusPicture, g: Geometry, top: number): string {
  const byColumn = new Map<number, typeof picture.claims>();
  for (const claim of picture.claims)
    byColumn.set(claim.column, [...(byColumn.get(claim.column) ?? []), claim]);
  const markers = [...byColumn].map(([c, claims]) => {
    const x = colX(picture, g, c) + g.cellW / 2;
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
    const x = colX(picture, g, c) + g.cellW / 2 + 3;
    const y = top + 14;
    return `<text class="pa" x="${x}" y="${y}" transform="rotate(-55 ${x} ${y})" text-anchor="end" data-column="${c}" data-key="${escapeHtml(col.key)}" data-kind="${col.kind}">${escapeHtml(col.label)}<title>${escapeHtml(col.title)}</title></text>`;
  });
  return markers.join('') + labels.join('');
}

function legend(y: number): string {
  const items = ['PASS', 'FAIL', 'FLAKY', 'DISPUTED', 'STALE', 'BLOCKED', 'TODO'].map((s, i) => {
    const x = i * 116;
    return `${swatch(s, x, y)}<text class="pa" x="${x + SWATCH_W + 4}" y="${y + SWATCH_H - 4}">${escapeHtml(LOOKS[s]!.words.replace(/ \(.*/, ''))}</text>`;
  });
  const x = 7 * 116;
  const marks = `<circle cx="${x + 6}" cy="${y + 8}" r="2.6" fill="#1b1f24"/><text class="pa" x="${x + 14}" y="${y + SWATCH_H - 4}">review</text><path d="M${x + 70} ${y + 3}l-5 9h10z" fill="#0969da"/><text class="pa" x="${x + 80}" y="${y + SWATCH_H - 4}">claim</text>`;
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
  const g = geometryOf(picture);
  const gridH = Math.max(1, picture.controls.length) * g.stepY;
  const width = Math.max(MIN_W, colX(picture, g, picture.columns.length - 1) + g.cellW + 12);
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
      'data-cell': `${g.cellW}x${g.cellH}`,
    },
    patterns() + grid(picture, g, trusted) + axis(picture, g, gridH + 4) + legend(gridH + LABELS_H),
  );
  return section(
    'picture',
    'Status over time (each control on each code version)',
    text('p', caption(picture), { class: 'note', id: 'picture-caption' }) +
      el('div', { class: 'picture-box' }, svg),
  );
}
