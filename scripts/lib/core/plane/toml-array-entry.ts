// Adds one string to an array in a TOML table by a minimal textual insertion, so the owner's
// comments and layout survive (a TOML parser that re-serialises would drop them). The result is
// parsed again and must equal the original plus that one string; anything else is refused.
import { parse as parseToml } from 'smol-toml';
import { digestJson } from '../hash.ts';

export type TomlEdit =
  | { kind: 'present' }
  | { kind: 'edited'; text: string }
  /** Editing is not safe here: the lines the owner should add by hand. */
  | { kind: 'unsafe'; lines: string[]; why: string };

function valueAt(doc: unknown, path: readonly string[]): unknown {
  let node = doc;
  for (const key of path) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function parsed(text: string): unknown {
  try {
    return parseToml(text);
  } catch {
    return undefined;
  }
}

/** Index of the `]` closing the array opened at `open`, skipping strings and comments; -1 if none. */
function closingBracket(text: string, open: number): { close: number; last: number } | undefined {
  let depth = 0;
  let last = open;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === '#') {
      const end = text.indexOf('\n', i);
      if (end === -1) return undefined;
      i = end;
      continue;
    }
    if (c === '"' || c === "'") {
      if (text.startsWith(c.repeat(3), i)) return undefined;
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n')
        j += c === '"' && text[j] === '\\' ? 2 : 1;
      if (text[j] !== c) return undefined;
      i = j;
      last = j;
      continue;
    }
    if (c === '[') depth++;
    else if (c === ']') {
      depth--;
      if (depth === 0) return { close: i, last };
    }
    if (!/\s/.test(c)) last = i;
  }
  return undefined;
}

function lineStart(text: string, at: number): number {
  return text.lastIndexOf('\n', at - 1) + 1;
}

/** Inserts `item` (a TOML string literal) into the array whose `[` is at `open`. */
function insertIntoArray(text: string, open: number, item: string): string | undefined {
  const found = closingBracket(text, open);
  if (found === undefined) return undefined;
  const { close, last } = found;
  const inner = text.slice(open + 1, close);
  if (inner.trim() === '') return `${text.slice(0, open + 1)}${item}${text.slice(close)}`;
  if (!inner.includes('\n')) {
    const body = inner.trimEnd();
    const sep = body.endsWith(',') ? ' ' : ', ';
    return `${text.slice(0, open + 1)}${body}${sep}${item}${text.slice(close)}`;
  }
  // one element per line: a new line after the last element, indented like it
  const indent = /^[ \t]*/.exec(text.slice(lineStart(text, last)))![0];
  const comma = text[last] === ',' ? '' : ',';
  const lineEnd = text.indexOf('\n', last);
  const cut = lineEnd === -1 || lineEnd > close ? last + 1 : lineEnd;
  const head = `${text.slice(0, last + 1)}${comma}${text.slice(last + 1, cut)}`;
  return `${head}\n${indent}${item},${text.slice(cut)}`;
}

function headerPattern(table: readonly string[]): RegExp {
  const dotted = table.map((k) => k.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')).join('\\s*\\.\\s*');
  return new RegExp(`^[ \\t]*\\[[ \\t]*${dotted}[ \\t]*\\][ \\t]*(#.*)?$`, 'm');
}

function applyInsertion(
  text: string,
  table: readonly string[],
  key: string,
  item: string,
): string | undefined {
  const header = headerPattern(table).exec(text);
  const entryLine = `${key} = [${item}]`;
  if (header === null) {
    const lead = text === '' || text.endsWith('\n') ? '' : '\n';
    return `${text}${lead}\n[${table.join('.')}]\n${entryLine}\n`;
  }
  const bodyStart = text.indexOf('\n', header.index);
  if (bodyStart === -1) return `${text}\n${entryLine}\n`;
  const next = /^[ \t]*\[/m.exec(text.slice(bodyStart + 1));
  const bodyEnd = next === null ? text.length : bodyStart + 1 + next.index;
  const body = text.slice(bodyStart + 1, bodyEnd);
  const keyLine = new RegExp(`^[ \\t]*("?)${key}\\1[ \\t]*=[ \\t]*`, 'm').exec(body);
  if (keyLine !== null) {
    const open = bodyStart + 1 + keyLine.index + keyLine[0].length;
    return text[open] === '[' ? insertIntoArray(text, open, item) : undefined;
  }
  // a new key after the table's last non-blank line
  const kept = body.replace(/\s*$/, '');
  const at = bodyStart + 1 + kept.length;
  const sep = kept === '' ? '' : '\n';
  return `${text.slice(0, at)}${sep}${entryLine}${kept === '' ? '\n' : ''}${text.slice(at)}`;
}

/**
 * Makes `table.key` (an array of strings) hold `value`. Present already: nothing. The edit must
 * parse back to the original document plus that one entry, or it is refused with the lines to add.
 */
export function ensureTomlArrayEntry(
  text: string,
  table: readonly string[],
  key: string,
  value: string,
): TomlEdit {
  const item = JSON.stringify(value);
  const manual: TomlEdit = {
    kind: 'unsafe',
    lines: [`[${table.join('.')}]`, `${key} = [${item}]  # or add ${item} to the existing ${key}`],
    why: `${table.join('.')}.${key} could not be edited safely`,
  };
  const before = parsed(text);
  if (before === undefined) return { ...manual, why: 'the file is not valid TOML' };
  const current = valueAt(before, [...table, key]);
  if (Array.isArray(current) && current.includes(value)) return { kind: 'present' };
  if (current !== undefined && !Array.isArray(current))
    return { ...manual, why: `${table.join('.')}.${key} is not an array` };
  const edited = applyInsertion(text, table, key, item);
  const after = edited === undefined ? undefined : parsed(edited);
  if (edited === undefined || after === undefined) return manual;
  const got = valueAt(after, [...table, key]);
  if (!Array.isArray(got) || !got.includes(value)) return manual;
  // the edit added exactly that one string and changed nothing else
  const restored = structuredClone(after) as Record<string, unknown>;
  const parent = valueAt(restored, table) as Record<string, unknown>;
  const list = (parent[key] as unknown[]).filter(
    (v, i, all) => v !== value || all.indexOf(v) !== i,
  );
  if (current === undefined) delete parent[key];
  else parent[key] = list;
  if (
    current === undefined &&
    Object.keys(parent).length === 0 &&
    valueAt(before, table) === undefined
  )
    removeEmptyTable(restored, table);
  return digestJson(normalise(restored)) === digestJson(normalise(before))
    ? { kind: 'edited', text: edited }
    : manual;
}

/** Drops the tables the edit created for the new key (each left empty once the key is gone). */
function removeEmptyTable(doc: Record<string, unknown>, table: readonly string[]): void {
  for (let depth = table.length; depth > 0; depth--) {
    const parent = (depth === 1 ? doc : valueAt(doc, table.slice(0, depth - 1))) as Record<
      string,
      unknown
    >;
    const name = table[depth - 1]!;
    const child = parent[name];
    if (typeof child === 'object' && child !== null && Object.keys(child).length === 0)
      delete parent[name];
    else return;
  }
}

/** Dates and other non-JSON values compared by their text. */
function normalise(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}
