// HTML building blocks for the report. Everything shown comes from the ledger, which an attacker
// may have written: every text and attribute value goes through escapeHtml, with no exception.

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"'`]/g, (c) => ENTITIES[c]!);
}

function attributes(attrs: Record<string, string | number | undefined>): string {
  return Object.entries(attrs)
    .filter((kv): kv is [string, string | number] => kv[1] !== undefined)
    .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
    .join('');
}

/** A void element (meta, input): no content, no end tag. */
export function voidEl(tag: string, attrs: Record<string, string | number | undefined>): string {
  return `<${tag}${attributes(attrs)}>`;
}

/** An element with escaped attributes; `inner` is HTML the caller built from escaped parts. */
export function el(
  tag: string,
  attrs: Record<string, string | number | undefined>,
  inner = '',
): string {
  return `<${tag}${attributes(attrs)}>${inner}</${tag}>`;
}

export function text(
  tag: string,
  value: string | number,
  attrs: Record<string, string | undefined> = {},
): string {
  return el(tag, attrs, escapeHtml(value));
}

/** A table with escaped header cells; rows are already-built `<td>` HTML. */
export function table(
  headers: readonly string[],
  rows: readonly string[],
  attrs: Record<string, string> = {},
): string {
  const head = `<thead><tr>${headers.map((h) => text('th', h)).join('')}</tr></thead>`;
  return el('table', attrs, `${head}<tbody>${rows.join('')}</tbody>`);
}

export function short(hex: string | undefined, n = 12): string {
  return hex === undefined ? '' : hex.slice(0, n);
}

/**
 * A status cell coloured by its status. On a ledger that does not verify (`trusted` false) every
 * cell is grey and says so: no status read from a tampered ledger may look like a green verdict.
 */
export function statusCell(status: string, title?: string, trusted = true): string {
  if (!trusted) {
    return el(
      'td',
      {
        class: 'st st-untrusted',
        'data-status': status,
        title: 'untrusted: the ledger does not verify',
      },
      escapeHtml(`${status} (untrusted)`),
    );
  }
  const cls = `st st-${status.toLowerCase().replace(/[^a-z_]/g, '')}`;
  return el('td', { class: cls, 'data-status': status, title }, escapeHtml(status));
}

export function section(id: string, heading: string, inner: string): string {
  return el('section', { id }, `${text('h2', heading)}${inner}`);
}
