// The replacements the operators of every language share: which arithmetic operator, comparison
// boundary, logical connective and literal each one swaps to, and the guard that keeps a swapped
// operator from fusing with its neighbours into another token.

/** `+` ↔ `-`, `*` ↔ `/`, `%` → `*`. */
export const ARITHMETIC_SWAPS: Readonly<Record<string, string>> = {
  '+': '-',
  '-': '+',
  '*': '/',
  '/': '*',
  '%': '*',
};

/** `<` ↔ `<=`, `>` ↔ `>=`: the off-by-one at a boundary. */
export const BOUNDARY_SHIFTS: Readonly<Record<string, string>> = {
  '<': '<=',
  '<=': '<',
  '>': '>=',
  '>=': '>',
};

/** `&&` ↔ `||` (Python: `and` ↔ `or`). */
export const LOGICAL_SWAPS: Readonly<Record<string, string>> = {
  '&&': '||',
  '||': '&&',
  and: 'or',
  or: 'and',
};

/** Boolean and numeric literals: `true` ↔ `false`, `0` ↔ `1`, a float stays a float. */
export const LITERAL_FLIPS: Readonly<Record<string, string>> = {
  true: 'false',
  false: 'true',
  True: 'False',
  False: 'True',
  '0': '1',
  '1': '0',
  '0.0': '1.0',
  '1.0': '0.0',
};

const OPERATOR_CHARS = '+-*/%=<>!&|^~?:.@';

/**
 * Whether an operator at [start, end) touches another operator character, so that a replacement
 * could fuse into a different token (`a+-b` → `a--b`, `a**b` → `a/*b`): such sites are skipped.
 */
export function touchesOperator(text: string, start: number, end: number): boolean {
  return (
    OPERATOR_CHARS.includes(text[start - 1] ?? ' ') || OPERATOR_CHARS.includes(text[end] ?? ' ')
  );
}

const WORD_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;

/**
 * The replacement that removes [start, end) (a dropped `!`, `-` or `not`) and keeps the tokens on
 * either side apart: a space when both are word characters (`return-x` → `return x`), else nothing.
 */
export function removal(text: string, start: number, end: number): string {
  return WORD_CHAR.test(text[start - 1] ?? '') && WORD_CHAR.test(text[end] ?? '') ? ' ' : '';
}
