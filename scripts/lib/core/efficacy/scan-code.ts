// A small JS/TS lexer for the mutation operators: it finds the code tokens of a source text and
// skips strings, template literals, comments and regular expression literals, so that no operator
// ever mutates text inside them. It is not a parser; operators add their own local checks.

export interface CodeToken {
  /** Offset of the first character in the source. */
  start: number;
  /** Offset just past the last character. */
  end: number;
  text: string;
  kind: 'word' | 'punct' | 'literal';
}

const PUNCTUATORS = [
  '>>>=',
  '===',
  '!==',
  '>>>',
  '**=',
  '...',
  '<<=',
  '>>=',
  '&&=',
  '||=',
  '??=',
  '=>',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '??',
  '?.',
  '++',
  '--',
  '<<',
  '>>',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
  '**',
];

const WORD = /[A-Za-z0-9_$\u0080-\uffff]/;
/** After these tokens a `/` starts a regular expression, not a division. */
const REGEX_AFTER_WORDS = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'void']);

function skipQuoted(text: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < text.length && text[i] !== quote) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === '\n' && quote !== '`') return i;
    i += 1;
  }
  return i + 1;
}

// Template literals may nest `${ ... }` expressions holding code (strings, regexes, comments, more
// templates): each is scanned by the lexer itself up to its closing brace; the whole is one token.
function skipTemplate(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '`') {
    if (text[i] === '\\') i += 2;
    else if (text[i] === '$' && text[i + 1] === '{') i = scanFrom(text, i + 2, [], true) + 1;
    else i += 1;
  }
  return i + 1;
}

function skipRegex(text: string, start: number): number {
  let i = start + 1;
  let inClass = false;
  while (i < text.length && text[i] !== '\n') {
    const c = text[i];
    if (c === '\\') i += 1;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) break;
    i += 1;
  }
  i += 1;
  while (i < text.length && /[a-z]/.test(text[i] ?? '')) i += 1;
  return i;
}

function startsRegex(previous: CodeToken | undefined): boolean {
  if (previous === undefined) return true;
  if (previous.kind === 'literal') return false;
  if (previous.kind === 'word') return REGEX_AFTER_WORDS.has(previous.text);
  return previous.text !== ')' && previous.text !== ']' && previous.text !== '}';
}

/** The code tokens of `text` in order; string, template and regex literals are single tokens. */
export function scanCode(text: string): CodeToken[] {
  const tokens: CodeToken[] = [];
  scanFrom(text, 0, tokens, false);
  return tokens;
}

// Scans from `from`, pushing tokens, to the end of the text or, `nested` in a template's
// `${ ... }`, to the `}` that closes it; returns the offset where it stopped.
function scanFrom(text: string, from: number, tokens: CodeToken[], nested: boolean): number {
  let i = from;
  let depth = 0;
  let previous: CodeToken | undefined;
  const push = (start: number, end: number, kind: CodeToken['kind']): void => {
    previous = { start, end, text: text.slice(start, end), kind };
    tokens.push(previous);
    i = end;
  };
  while (i < text.length) {
    const c = text[i] ?? '';
    const next = text[i + 1];
    if (/\s/.test(c)) i += 1;
    else if (c === '/' && next === '/')
      i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    else if (c === '/' && next === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 2;
    } else if (c === '"' || c === "'")
      push(i, Math.min(text.length, skipQuoted(text, i, c)), 'literal');
    else if (c === '`') push(i, Math.min(text.length, skipTemplate(text, i)), 'literal');
    else if (c === '/' && startsRegex(previous))
      push(i, Math.min(text.length, skipRegex(text, i)), 'literal');
    else if (WORD.test(c)) {
      let end = i + 1;
      while (end < text.length && WORD.test(text[end] ?? '')) end += 1;
      push(i, end, 'word');
    } else {
      if (c === '}' && depth === 0 && nested) return i;
      if (c === '{') depth += 1;
      else if (c === '}') depth -= 1;
      const op = PUNCTUATORS.find((p) => text.startsWith(p, i));
      push(i, i + (op?.length ?? 1), 'punct');
    }
  }
  return i;
}

/** Index of the token closing the bracket opened at `open` (`(`, `[` or `{`), or -1. */
export function findClosing(tokens: readonly CodeToken[], open: number): number {
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  const stack: string[] = [];
  for (let i = open; i < tokens.length; i += 1) {
    const t = tokens[i]?.text ?? '';
    if (pairs[t] !== undefined) stack.push(pairs[t]);
    else if (t === ')' || t === ']' || t === '}') {
      if (stack.pop() !== t) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

/** 1-based line number of `offset` in `text`. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i += 1) if (text[i] === '\n') line += 1;
  return line;
}
