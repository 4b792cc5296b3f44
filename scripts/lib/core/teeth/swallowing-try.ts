// JS/TS: a `try { ... } catch { ... }` whose catch neither rethrows nor asserts swallows every
// assertion in its try block (the test passes whatever they find). Read on the masked source
// (mask-source.ts) by matching braces, so a brace inside a regular-expression literal misleads it.

/** Offsets of each swallowing try: where `try` starts, and its block. */
export interface SwallowingTry {
  at: number;
  from: number;
  to: number;
}

export function findSwallowingTries(masked: string): SwallowingTry[] {
  const found: SwallowingTry[] = [];
  for (const m of masked.matchAll(/\btry\s*\{/g)) {
    const open = m.index + m[0].length - 1;
    const close = matchBrace(masked, open);
    if (close === undefined) continue;
    const after = /^\s*catch\s*(?:\([^)]*\)\s*)?\{/.exec(masked.slice(close + 1));
    if (after === null) continue;
    const catchOpen = close + after[0].length;
    const catchClose = matchBrace(masked, catchOpen);
    if (catchClose === undefined) continue;
    const handler = masked.slice(catchOpen + 1, catchClose);
    if (
      /\bthrow\b|\bassert\b|\bexpect\s*\(|\bt\s*\.\s*fail\b|\bfail\s*\(|\breject\s*\(/.test(handler)
    )
      continue;
    found.push({ at: m.index, from: open, to: close });
  }
  return found;
}

function matchBrace(text: string, open: number): number | undefined {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return undefined;
}
