// The Rust operators that need to know a type to keep the mutant compiling (references/efficacy.md
// "Operators"). A mutant that does not compile makes the control FAIL without testing anything, so
// each one plants only where the syntax proves the types allow it, and skips everything else:
// - arithmetic (`+ - * / %`) only between two operands known to be primitive numbers (a numeric
//   literal, a cast to a number type, `.len()`, a name bound once in the function with a declared
//   number type), never between two constants (rustc rejects a constant that overflows) and never
//   into a division by a constant;
// - `<` ↔ `<=`, `>` ↔ `>=` (PartialOrd gives all four), `&&` ↔ `||` (bool only, never in a `let`
//   chain);
// - a `!` dropped only before an operand that is not a bare name of unknown type (a `&bool` stays
//   a reference), a unary `-` only before a known number (never `-128`: `128i8` does not exist);
// - `true` ↔ `false`, `0` ↔ `1`, `0.0` ↔ `1.0` with their suffix, never in a pattern (a match
//   could lose its exhaustiveness), a type, a `const`/`static` item, an enum discriminant, a tuple
//   field (`t.0`), an index (`a[0]`), an array length, a divisor, a variable's value (`let`, `=`)
//   or beside another constant;
// - an `if`/`else`'s two blocks swapped (both have the type of the whole), never `if let`.
import type { MutationOperator, TreeEdit } from './operators.ts';
import { isConstant, isNumber, kindOf, LITERALS, scopedNodes } from './rust-kinds.ts';
import { rustNodes } from './rust-nodes.ts';
import {
  ARITHMETIC_SWAPS,
  BOUNDARY_SHIFTS,
  LITERAL_FLIPS,
  LOGICAL_SWAPS,
  removal,
  touchesOperator,
} from './swaps.ts';
import { fieldOf, statementsOf, type SyntaxNode } from './syntax-tree.ts';

type Finder = (text: string, root: SyntaxNode) => TreeEdit[];

function binaryParts(node: SyntaxNode) {
  return {
    op: fieldOf(node, 'operator'),
    left: fieldOf(node, 'left'),
    right: fieldOf(node, 'right'),
  };
}

const swapArithmetic: Finder = (text, root) =>
  scopedNodes(text, root).flatMap(({ node, scope }) => {
    if (node.type !== 'binary_expression') return [];
    const { op, left, right } = binaryParts(node);
    const swapped = op === undefined ? undefined : ARITHMETIC_SWAPS[op.type];
    if (op === undefined || swapped === undefined) return [];
    const kind = kindOf(left, text, scope);
    if (!isNumber(kind) || kind !== kindOf(right, text, scope)) return [];
    if (isConstant(left, text, scope) && isConstant(right, text, scope)) return [];
    if (swapped === '/' && isConstant(right, text, scope)) return [];
    if (touchesOperator(text, op.start, op.end)) return [];
    return [{ start: op.start, end: op.end, replacement: swapped }];
  });

function operatorSwap(
  table: Readonly<Record<string, string>>,
  skip: (ancestors: SyntaxNode[]) => boolean,
): Finder {
  return (text, root) =>
    rustNodes(text, root).flatMap(({ node, ancestors }) => {
      if (node.type !== 'binary_expression' || skip(ancestors)) return [];
      const op = fieldOf(node, 'operator');
      const swapped = op === undefined ? undefined : table[op.type];
      return op === undefined || swapped === undefined
        ? []
        : [{ start: op.start, end: op.end, replacement: swapped }];
    });
}

const shiftBoundary = operatorSwap(BOUNDARY_SHIFTS, () => false);
const swapLogical = operatorSwap(LOGICAL_SWAPS, (ancestors) =>
  ['let_condition', 'let_chain'].includes(ancestors.at(-1)?.type ?? ''),
);

function dropPrefix(text: string, node: SyntaxNode, operand: SyntaxNode): TreeEdit[] {
  return [
    {
      start: node.start,
      end: operand.start,
      replacement: removal(text, node.start, operand.start),
    },
  ];
}

/** Operands of `!` whose type `!` keeps: not a bare name of unknown type (it may be a `&bool`). */
const NEGATABLE = new Set([
  'call_expression',
  'field_expression',
  'index_expression',
  'parenthesized_expression',
  'binary_expression',
  'unary_expression',
  'macro_invocation',
  'boolean_literal',
]);

const dropNegation: Finder = (text, root) =>
  scopedNodes(text, root).flatMap(({ node, scope }) => {
    const operand = statementsOf(node)[0];
    if (node.type !== 'unary_expression' || text[node.start] !== '!' || operand === undefined)
      return [];
    const known = operand.type === 'identifier' && kindOf(operand, text, scope) !== undefined;
    return known || NEGATABLE.has(operand.type) ? dropPrefix(text, node, operand) : [];
  });

const dropUnaryMinus: Finder = (text, root) =>
  scopedNodes(text, root).flatMap(({ node, scope }) => {
    const operand = statementsOf(node)[0];
    if (node.type !== 'unary_expression' || text[node.start] !== '-' || operand === undefined)
      return [];
    if (!isNumber(kindOf(operand, text, scope))) return [];
    if (operand.type === 'integer_literal') {
      const digits = text.slice(operand.start, operand.end).replace(/_|[iu]\d+$|[iu]size$/g, '');
      if (!/^\d+$/.test(digits) || Number(digits) >= 128) return [];
    }
    return dropPrefix(text, node, operand);
  });

const INT_LITERAL = /^([01])((?:_?[iu](?:8|16|32|64|128|size))?)$/;
const FLOAT_LITERAL = /^([01]\.0)((?:_?f(?:32|64))?)$/;

/** Where a literal may not change: patterns, types, constants, discriminants, lengths. */
function fixedPlace(node: SyntaxNode, ancestors: readonly SyntaxNode[]): boolean {
  const parent = ancestors.at(-1);
  if (node.field === 'length' || parent?.type === 'field_expression') return true;
  // the value of a variable: rustc propagates it as a constant, and a `1` become `0` there may
  // turn a later `n / d` or `d - 1` into a compile-time division by zero or overflow
  if (parent?.type === 'let_declaration' || parent?.type === 'assignment_expression') return true;
  if (parent?.type === 'compound_assignment_expr') {
    const op = fieldOf(parent, 'operator')?.type;
    if (op === '/=' || op === '%=') return true;
  }
  if (parent?.type === 'index_expression' && statementsOf(parent)[1] === node) return true;
  return ancestors.some(
    (a) =>
      a.type.includes('pattern') ||
      a.type.endsWith('_type') ||
      ['type_arguments', 'const_item', 'static_item', 'enum_variant', 'attribute_item'].includes(
        a.type,
      ),
  );
}

const flipLiteral: Finder = (text, root) =>
  scopedNodes(text, root).flatMap(({ node, ancestors, scope }) => {
    const source = text.slice(node.start, node.end);
    let replacement: string | undefined;
    if (node.type === 'boolean_literal') replacement = LITERAL_FLIPS[source];
    const number = INT_LITERAL.exec(source) ?? FLOAT_LITERAL.exec(source);
    if (LITERALS.has(node.type) && number !== null) {
      replacement = `${LITERAL_FLIPS[number[1] ?? ''] ?? ''}${number[2] ?? ''}`;
    }
    if (replacement === undefined || replacement === '' || fixedPlace(node, ancestors)) return [];
    const parent = ancestors.at(-1);
    if (parent?.type === 'binary_expression') {
      const { op, left, right } = binaryParts(parent);
      const other = left === node ? right : left;
      if (isConstant(other, text, scope)) return [];
      if (right === node && (op?.type === '/' || op?.type === '%')) return [];
    }
    return [{ start: node.start, end: node.end, replacement }];
  });

const swapBranches: Finder = (text, root) =>
  rustNodes(text, root).flatMap(({ node }) => {
    if (node.type !== 'if_expression') return [];
    const condition = fieldOf(node, 'condition');
    const consequence = fieldOf(node, 'consequence');
    const elseClause = fieldOf(node, 'alternative');
    // `else if` is left alone: only an `else` with a block of its own
    const alternative = elseClause && statementsOf(elseClause).find((c) => c.type === 'block');
    if (condition === undefined || consequence === undefined || alternative === undefined)
      return [];
    if (condition.type === 'let_condition' || condition.type === 'let_chain') return [];
    const source = (n: SyntaxNode) => text.slice(n.start, n.end);
    const between = text.slice(consequence.end, alternative.start);
    return [
      {
        start: consequence.start,
        end: alternative.end,
        replacement: `${source(alternative)}${between}${source(consequence)}`,
      },
    ];
  });

export const RUST_TYPED_FINDERS: Record<
  Exclude<
    MutationOperator,
    'flip-comparison' | 'drop-return' | 'negate-condition' | 'empty-function'
  >,
  Finder
> = {
  'swap-arithmetic': swapArithmetic,
  'shift-boundary': shiftBoundary,
  'swap-logical': swapLogical,
  'drop-negation': dropNegation,
  'drop-unary-minus': dropUnaryMinus,
  'flip-literal': flipLiteral,
  'swap-branches': swapBranches,
};
