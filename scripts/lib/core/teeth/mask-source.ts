// A light lexer: the source with every comment and the inside of every string literal blanked
// (replaced by spaces, line breaks kept), so a pattern matched on it never counts an `expect(` in
// a comment or a string, and offsets still map to the original lines. It knows line and block
// comments, quotes and escapes, JS template literals, Python triple quotes, Rust raw strings and
// nested block comments, Go raw strings. It does not see: JS regular-expression literals (a quote
// inside one opens a string), code inside a template's `${...}` (blanked with the template), Rust
// lifetimes that look like char literals ('a' is read as a char).
import type { TestLanguage } from './test-language.ts';

interface Syntax {
  line: readonly string[];
  block?: { open: string; close: string; nests: boolean };
  quotes: readonly string[];
}

const SYNTAX: Record<TestLanguage, Syntax> = {
  js: { line: ['//'], block: { open: '/*', close: '*/', nests: false }, quotes: ["'", '"', '`'] },
  python: { line: ['#'], quotes: ['"""', "'''", '"', "'"] },
  rust: { line: ['//'], block: { open: '/*', close: '*/', nests: true }, quotes: ['"'] },
  go: { line: ['//'], block: { open: '/*', close: '*/', nests: false }, quotes: ['"', '`', "'"] },
};

/** `text` with comments and string contents replaced by spaces (quotes and line breaks kept). */
export function maskSource(text: string, language: TestLanguage): string {
  const syntax = SYNTAX[language];
  const out = text.split('');
  const blank = (from: number, to: number) => {
    for (let i = from; i < to && i < out.length; i++) if (out[i] !== '\n') out[i] = ' ';
  };
  let i = 0;
  while (i < text.length) {
    const line = syntax.line.find((l) => text.startsWith(l, i));
    if (line !== undefined) {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (syntax.block !== undefined && text.startsWith(syntax.block.open, i)) {
      const stop = blockEnd(text, i, syntax.block);
      blank(i, stop);
      i = stop;
      continue;
    }
    if (language === 'rust') {
      const raw = /^b?r(#*)"/.exec(text.slice(i, i + 260));
      if (raw !== null && !/\w/.test(text[i - 1] ?? '')) {
        const close = `"${raw[1] ?? ''}`;
        const end = text.indexOf(close, i + raw[0].length);
        const stop = end === -1 ? text.length : end + close.length;
        blank(i + raw[0].length, stop - close.length);
        i = stop;
        continue;
      }
      const char = /^'(?:\\.[^']{0,8}|[^'\\])'/.exec(text.slice(i, i + 12));
      if (char !== null) {
        blank(i + 1, i + char[0].length - 1);
        i += char[0].length;
        continue;
      }
    }
    const quote = syntax.quotes.find((q) => text.startsWith(q, i));
    if (quote !== undefined) {
      const end = stringEnd(text, i + quote.length, quote, language);
      blank(i + quote.length, end.content);
      i = end.next;
      continue;
    }
    i++;
  }
  return out.join('');
}

function blockEnd(text: string, from: number, block: NonNullable<Syntax['block']>): number {
  let depth = 0;
  let i = from;
  while (i < text.length) {
    if (text.startsWith(block.open, i)) {
      depth = block.nests ? depth + 1 : 1;
      i += block.open.length;
    } else if (text.startsWith(block.close, i)) {
      depth--;
      i += block.close.length;
      if (depth === 0) return i;
    } else i++;
  }
  return text.length;
}

/** Where the string's content ends, and just past its closing quote (or the line's end, unclosed). */
function stringEnd(
  text: string,
  from: number,
  quote: string,
  language: TestLanguage,
): { content: number; next: number } {
  const multiline = quote.length === 3 || quote === '`';
  const raw = language === 'go' && quote === '`';
  let i = from;
  while (i < text.length) {
    if (!raw && text[i] === '\\') {
      i += 2;
      continue;
    }
    if (text.startsWith(quote, i)) return { content: i, next: i + quote.length };
    if (text[i] === '\n' && !multiline && language !== 'rust') return { content: i, next: i };
    i++;
  }
  return { content: text.length, next: text.length };
}
