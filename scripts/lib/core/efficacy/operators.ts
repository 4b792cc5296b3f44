// The built-in mutation operators for JS/TS (references/efficacy.md "Operators"). Each finds the
// sites where it can plant one defect; a site is a text replacement, so applying it is pure and
// exact. Only code tokens are considered: strings, templates, comments and regexes are never touched.
import {
  dropNegation,
  dropUnaryMinus,
  flipLiteral,
  shiftBoundary,
  spaced,
  swapArithmetic,
  swapBranches,
  swapLogical,
} from './js-operators.ts';
import { findClosing, lineOf, scanCode, type CodeToken } from './scan-code.ts';

export const MUTATION_OPERATORS = [
  'flip-comparison',
  'drop-return',
  'negate-condition',
  'empty-function',
  'swap-arithmetic',
  'shift-boundary',
  'swap-logical',
  'drop-negation',
  'drop-unary-minus',
  'flip-literal',
  'swap-branches',
] as const;
export type MutationOperator = (typeof MUTATION_OPERATORS)[number];

export interface MutationSite {
  /** Repository-relative path, POSIX separators. */
  file: string;
  /** 1-based line of the mutated code. */
  line: number;
  operator: MutationOperator;
  /** Replaced source range [start, end) and what replaces it. */
  start: number;
  end: number;
  replacement: string;
}

/** A syntax-tree operator's edit of a file: a span and its replacement. */
export type TreeEdit = Pick<MutationSite, 'start' | 'end' | 'replacement'>;

type Edit = Pick<MutationSite, 'start' | 'end' | 'replacement'>;
type Finder = (text: string, tokens: readonly CodeToken[]) => Edit[];

/** The comparison flips every language shares; each adds its own (`===`, `not in`, ...). */
export const COMPARISON_FLIPS: Readonly<Record<string, string>> = {
  '<': '>=',
  '>=': '<',
  '>': '<=',
  '<=': '>',
  '==': '!=',
  '!=': '==',
};

const FLIPS: Record<string, string> = { ...COMPARISON_FLIPS, '===': '!==', '!==': '===' };
const RELATIONAL = new Set(['<', '>', '<=', '>=']);

// `<` and `>` are comparisons only with whitespace on both sides and no line break before; TS
// generics never have it.
const flipComparison: Finder = (text, tokens) =>
  tokens.flatMap((t, i) => {
    const flipped = t.kind === 'punct' ? FLIPS[t.text] : undefined;
    if (flipped === undefined) return [];
    if (RELATIONAL.has(t.text) && !spaced(text, t, tokens[i - 1])) return [];
    return [{ start: t.start, end: t.end, replacement: flipped }];
  });

const OPENERS = new Set(['(', '[', '{']);
const CLOSERS = new Set([')', ']', '}']);

// The last token of the expression starting at `from`: up to `;` or an unbalanced closer, or a
// line break between two operands when the file relies on automatic semicolon insertion.
function expressionEnd(text: string, tokens: readonly CodeToken[], from: number): number {
  let depth = 0;
  for (let i = from; i < tokens.length; i += 1) {
    const t = tokens[i];
    const prev = tokens[i - 1];
    if (t === undefined) break;
    if (depth === 0 && i > from && prev !== undefined) {
      if (t.text === ';' || CLOSERS.has(t.text)) return i - 1;
      const brokeLine = text.slice(prev.end, t.start).includes('\n');
      const prevEnds = prev.kind !== 'punct' || CLOSERS.has(prev.text);
      if (brokeLine && prevEnds && t.kind !== 'punct') return i - 1;
    }
    if (OPENERS.has(t.text)) depth += 1;
    else if (CLOSERS.has(t.text)) depth -= 1;
    if (depth < 0) return i - 1;
  }
  return tokens.length - 1;
}

const dropReturn: Finder = (text, tokens) =>
  tokens.flatMap((t, i) => {
    const first = tokens[i + 1];
    if (t.kind !== 'word' || t.text !== 'return' || first === undefined) return [];
    if (first.text === ';' || first.text === '}' || first.text === 'undefined') return [];
    if (text.slice(t.end, first.start).includes('\n')) return [];
    const last = tokens[expressionEnd(text, tokens, i + 1)];
    if (last === undefined || last.end <= first.start) return [];
    const glued = /[\w$]/.test(text[first.start - 1] ?? '');
    return [{ start: first.start, end: last.end, replacement: `${glued ? ' ' : ''}undefined` }];
  });

const negateCondition: Finder = (text, tokens) =>
  tokens.flatMap((t, i) => {
    const open = tokens[i + 1];
    if (t.kind !== 'word' || t.text !== 'if' || open?.text !== '(') return [];
    const close = tokens[findClosing(tokens, i + 1)];
    if (close === undefined) return [];
    const inner = text.slice(open.end, close.start);
    return [{ start: open.start, end: close.end, replacement: `(!(${inner}))` }];
  });

const TYPE_CONTEXT = new Set([':', '|', '&', ',', '<', '(', '=>', '=']);

// The index of the `{` that opens a function body after the parameter list closed at `close`:
// braces of a return type annotation (`): { a: 1 } {`) are skipped; `;` means no body.
function findBodyOpen(tokens: readonly CodeToken[], close: number): number {
  let angles = 0;
  for (let i = close + 1; i < tokens.length; i += 1) {
    const t = tokens[i]?.text;
    if (t === ';') return -1;
    if (t === '<') angles += 1;
    else if (t === '>' || t === '>>' || t === '>>>') angles -= t.length;
    else if (t === '(' || t === '[') i = findClosing(tokens, i);
    else if (t === '{') {
      if (angles === 0 && !TYPE_CONTEXT.has(tokens[i - 1]?.text ?? '')) return i;
      i = findClosing(tokens, i);
    }
    if (i < 0) return -1;
  }
  return -1;
}

function emptyBody(tokens: readonly CodeToken[], open: number): Edit[] {
  const close = findClosing(tokens, open);
  const first = tokens[open + 1];
  const second = tokens[open + 2];
  if (close < 0 || close === open + 1 || first === undefined) return [];
  // `=> { a: number }` in a type is a type literal, not a body.
  if (first.kind === 'word' && (second?.text === ':' || second?.text === '?')) return [];
  const start = tokens[open]?.end ?? 0;
  return [{ start, end: tokens[close]?.start ?? start, replacement: '' }];
}

const emptyFunction: Finder = (_text, tokens) =>
  tokens.flatMap((t, i) => {
    if (t.kind === 'punct' && t.text === '=>' && tokens[i + 1]?.text === '{')
      return emptyBody(tokens, i + 1);
    if (t.kind !== 'word' || t.text !== 'function') return [];
    let open = i + 1;
    while (open < tokens.length && tokens[open]?.text !== '(') {
      if (tokens[open]?.text === '{' || tokens[open]?.text === ';') return [];
      open += 1;
    }
    const body = findBodyOpen(tokens, findClosing(tokens, open));
    return body < 0 ? [] : emptyBody(tokens, body);
  });

const FINDERS: Record<MutationOperator, Finder> = {
  'flip-comparison': flipComparison,
  'drop-return': dropReturn,
  'negate-condition': negateCondition,
  'empty-function': emptyFunction,
  'swap-arithmetic': swapArithmetic,
  'shift-boundary': shiftBoundary,
  'swap-logical': swapLogical,
  'drop-negation': dropNegation,
  'drop-unary-minus': dropUnaryMinus,
  'flip-literal': flipLiteral,
  'swap-branches': swapBranches,
};

/** Every site in `text` where the given operators can plant a defect, in source order. */
export function findMutationSites(
  file: string,
  text: string,
  operators: readonly MutationOperator[],
): MutationSite[] {
  const tokens = scanCode(text);
  return operators
    .flatMap((operator) =>
      FINDERS[operator](text, tokens).map((edit) => ({
        file,
        line: lineOf(text, edit.start),
        operator,
        ...edit,
      })),
    )
    .sort((a, b) => a.start - b.start || a.operator.localeCompare(b.operator));
}

/** `text` with the defect of `site` planted. */
export function applyMutation(
  text: string,
  site: Pick<MutationSite, 'start' | 'end' | 'replacement'>,
): string {
  return `${text.slice(0, site.start)}${site.replacement}${text.slice(site.end)}`;
}
