// The JS/TS operators that read an expression's operators and literals from the lexer's tokens
// (references/efficacy.md "Operators"): arithmetic swapped, a boundary shifted, `&&` ↔ `||`, a
// `!` or unary `-` dropped, a literal flipped, a conditional's branches swapped. The lexer is not
// a parser, so each one plants only where its tokens leave no doubt about what the operator is (a
// binary operator between two operands, a prefix one where no operand precedes it) and the
// result still parses; anything else is skipped.
import type { CodeToken } from './scan-code.ts';
import {
  ARITHMETIC_SWAPS,
  BOUNDARY_SHIFTS,
  LITERAL_FLIPS,
  LOGICAL_SWAPS,
  removal,
  touchesOperator,
} from './swaps.ts';

export interface JsEdit {
  start: number;
  end: number;
  replacement: string;
}
type Finder = (text: string, tokens: readonly CodeToken[]) => JsEdit[];

/** Words after which an expression starts: a `-` or `!` after them is a prefix operator. */
const KEYWORDS = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'void',
  'new',
  'delete',
  'throw',
  'yield',
  'await',
  'instanceof',
  'import',
  'export',
  'extends',
  'default',
  'as',
  'satisfies',
  'keyof',
  'is',
  'function',
  'async',
  'static',
]);
const BINARY_WORDS = new Set(['in', 'of', 'instanceof', 'as', 'satisfies']);
const PREFIX = new Set(['!', '~', '-', '+', '++', '--', '(', '[']);

/** The token ends an operand: an identifier, a literal, `)` or `]` (never `}`: a block may end). */
function endsOperand(t: CodeToken | undefined): boolean {
  if (t === undefined) return false;
  if (t.kind === 'literal') return true;
  if (t.kind === 'word') return !KEYWORDS.has(t.text);
  return t.text === ')' || t.text === ']';
}

/** The token starts an operand: an identifier, a literal, a bracket or a prefix operator. */
function startsOperand(t: CodeToken | undefined): boolean {
  if (t === undefined) return false;
  if (t.kind === 'literal') return true;
  if (t.kind === 'word') return !BINARY_WORDS.has(t.text);
  return PREFIX.has(t.text);
}

const isString = (t: CodeToken | undefined): boolean =>
  t?.kind === 'literal' && /^["'`]/.test(t.text);

/**
 * Spaces on both sides, and no line break before: a `>` that starts a line closes a type's
 * parameter list (`interface A<\n  B,\n> {`).
 */
export const spaced = (text: string, t: CodeToken, previous: CodeToken | undefined): boolean =>
  /\s/.test(text[t.start - 1] ?? '') &&
  /\s/.test(text[t.end] ?? '') &&
  !text.slice(previous?.end ?? 0, t.start).includes('\n');

/** `a + b` → `a - b`, ...: between two operands, not fused with another operator, not on a string. */
export const swapArithmetic: Finder = (text, tokens) =>
  tokens.flatMap((t, i) => {
    const swapped = t.kind === 'punct' ? ARITHMETIC_SWAPS[t.text] : undefined;
    const before = tokens[i - 1];
    const after = tokens[i + 1];
    if (swapped === undefined || !endsOperand(before) || !startsOperand(after)) return [];
    if (touchesOperator(text, t.start, t.end)) return [];
    if (t.text === '+' && (isString(before) || isString(after))) return [];
    return [{ start: t.start, end: t.end, replacement: swapped }];
  });

/** `<` ↔ `<=`, `>` ↔ `>=`, with spaces on both sides as for flip-comparison (never a generic). */
export const shiftBoundary: Finder = (text, tokens) =>
  tokens.flatMap((t, i) => {
    const shifted = t.kind === 'punct' ? BOUNDARY_SHIFTS[t.text] : undefined;
    return shifted === undefined || !spaced(text, t, tokens[i - 1])
      ? []
      : [{ start: t.start, end: t.end, replacement: shifted }];
  });

export const swapLogical: Finder = (_text, tokens) =>
  tokens.flatMap((t) => {
    const swapped = t.kind === 'punct' && t.text.length === 2 ? LOGICAL_SWAPS[t.text] : undefined;
    return swapped === undefined ? [] : [{ start: t.start, end: t.end, replacement: swapped }];
  });

/** A prefix operator `op` (no operand before it, one after it) dropped. */
function dropPrefix(op: string): Finder {
  return (text, tokens) =>
    tokens.flatMap((t, i) => {
      if (t.kind !== 'punct' || t.text !== op || text[t.start - 1] === '#') return [];
      if (endsOperand(tokens[i - 1]) || !startsOperand(tokens[i + 1])) return [];
      return [{ start: t.start, end: t.end, replacement: removal(text, t.start, t.end) }];
    });
}

/** `!x` → `x` (a `!` after an operand is TypeScript's non-null assertion, never touched). */
export const dropNegation: Finder = dropPrefix('!');
/** `-x` → `x`, `-1` → `1`. */
export const dropUnaryMinus: Finder = dropPrefix('-');

/** `true` ↔ `false`, `0` ↔ `1`: never a property name (`o.true`, `{ 0: a }`) or part of `0.5`. */
export const flipLiteral: Finder = (text, tokens) =>
  tokens.flatMap((t, i) => {
    const flipped = t.kind === 'word' ? LITERAL_FLIPS[t.text] : undefined;
    if (flipped === undefined || !/^(?:true|false|0|1)$/.test(t.text)) return [];
    if (text[t.start - 1] === '.' || text[t.end] === '.') return [];
    const before = tokens[i - 1]?.text;
    if ((before === '{' || before === ',') && tokens[i + 1]?.text === ':') return [];
    return [{ start: t.start, end: t.end, replacement: flipped }];
  });

const OPENERS = new Set(['(', '[', '{']);
const COMPARISONS = new Set(['==', '===', '!=', '!==', '<=', '>=']);
const CLOSERS = new Set([')', ']', '}']);

// From the token after a conditional's `?` (`alternate` false): the index of its `:`; from the
// token after that `:` (`alternate` true): the index of the last token of the alternate. At bracket
// depth 0, nested conditionals skipped; -1 when unclear.
function conditionalPart(
  text: string,
  tokens: readonly CodeToken[],
  from: number,
  alternate: boolean,
): number {
  let depth = 0;
  let nested = 0;
  for (let i = from; i < tokens.length; i += 1) {
    const t = tokens[i];
    const prev = tokens[i - 1];
    if (t === undefined || prev === undefined) return -1;
    if (OPENERS.has(t.text)) depth += 1;
    else if (CLOSERS.has(t.text)) {
      depth -= 1;
      if (depth < 0) return alternate ? i - 1 : -1;
    } else if (depth === 0) {
      if (t.text === '?') nested += 1;
      else if (t.text === ':' && nested > 0) nested -= 1;
      else if (t.text === ':') return alternate ? i - 1 : i;
      else if (t.text === ';' || t.text === ',') return alternate ? i - 1 : -1;
      else if (t.text.endsWith('=') && !COMPARISONS.has(t.text)) return -1;
      else if (alternate && (endsOperand(prev) || prev.text === '}') && t.kind !== 'punct') {
        // a line break between two operands: automatic semicolon insertion ended the statement
        if (text.slice(prev.end, t.start).includes('\n')) return i - 1;
      }
    }
  }
  return alternate ? tokens.length - 1 : -1;
}

// A `<` without spaces opens a type's parameters (`new Map<string, number>()`): the branches of
// a conditional holding one are only certain when every one is closed within them.
function anglesBalance(
  text: string,
  tokens: readonly CodeToken[],
  from: number,
  to: number,
): boolean {
  let open = 0;
  for (let i = from; i <= to; i += 1) {
    const t = tokens[i];
    if (t === undefined || t.kind !== 'punct' || spaced(text, t, tokens[i - 1])) continue;
    if (t.text === '<') open += 1;
    else if (/^>+$/.test(t.text)) open -= t.text.length;
  }
  return open === 0;
}

/**
 * `c ? a : b` → `c ? b : a`. The `?` must have spaces on both sides (TypeScript's optional `x?:`
 * and `f?()` never do), and both branches must end where a conditional's branches end.
 */
export const swapBranches: Finder = (text, tokens) =>
  tokens.flatMap((t, q) => {
    if (t.kind !== 'punct' || t.text !== '?') return [];
    if (!/\s/.test(text[t.start - 1] ?? '') || !/\s/.test(text[t.end] ?? '')) return [];
    if (!endsOperand(tokens[q - 1])) return [];
    const colon = conditionalPart(text, tokens, q + 1, false);
    if (colon <= q + 1) return [];
    const last = conditionalPart(text, tokens, colon + 1, true);
    const first = tokens[q + 1];
    const colonToken = tokens[colon];
    const alternateFirst = tokens[colon + 1];
    const alternateLast = tokens[last];
    if (first === undefined || colonToken === undefined) return [];
    if (alternateFirst === undefined || alternateLast === undefined || last <= colon) return [];
    if (!anglesBalance(text, tokens, q + 1, last)) return [];
    const consequent = text.slice(first.start, tokens[colon - 1]?.end ?? first.end);
    const alternate = text.slice(alternateFirst.start, alternateLast.end);
    const between = text.slice(tokens[colon - 1]?.end ?? colonToken.start, alternateFirst.start);
    return [
      {
        start: first.start,
        end: alternateLast.end,
        replacement: `${alternate}${between}${consequent}`,
      },
    ];
  });
