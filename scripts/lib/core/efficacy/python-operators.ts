// The built-in mutation operators for Python (references/efficacy.md "Operators"), read from the
// syntax tree: comparisons flipped, `if`/`elif` conditions negated, returned values dropped to
// `None` (a bare early return becomes `pass`), function bodies emptied to `pass`, arithmetic
// swapped, a boundary shifted, `and` ↔ `or`, a `not` or unary `-` dropped, a literal flipped and
// a conditional expression's branches swapped. Strings (f-string expressions included), comments
// and unparsed regions are never touched.
import { COMPARISON_FLIPS, type MutationOperator, type TreeEdit } from './operators.ts';
import {
  ARITHMETIC_SWAPS,
  BOUNDARY_SHIFTS,
  LITERAL_FLIPS,
  LOGICAL_SWAPS,
  removal,
} from './swaps.ts';
import { collectNodes, fieldOf, statementsOf, type SyntaxNode } from './syntax-tree.ts';

const SKIP = new Set(['string', 'comment', 'ERROR']);

const FLIPS: Record<string, string> = {
  ...COMPARISON_FLIPS,
  in: 'not in',
  'not in': 'in',
  is: 'is not',
  'is not': 'is',
};

type Finder = (text: string, root: SyntaxNode) => TreeEdit[];

const nodes = (root: SyntaxNode) => collectNodes(root, SKIP);

const flipComparison: Finder = (_text, root) =>
  nodes(root).flatMap(({ node }) =>
    node.type !== 'comparison_operator'
      ? []
      : node.children.flatMap((c) => {
          const flipped = c.named ? undefined : FLIPS[c.type];
          return flipped === undefined
            ? []
            : [{ start: c.start, end: c.end, replacement: flipped }];
        }),
  );

const negateCondition: Finder = (text, root) =>
  nodes(root).flatMap(({ node }) => {
    if (node.type !== 'if_statement' && node.type !== 'elif_clause') return [];
    const condition = fieldOf(node, 'condition');
    if (condition === undefined) return [];
    const inner = text.slice(condition.start, condition.end);
    return [{ start: condition.start, end: condition.end, replacement: `not (${inner})` }];
  });

// `return x` returns None instead; a bare `return` nested in a block (an early return) becomes
// `pass`, so the function runs on. A bare return at the body's top level is left alone.
const dropReturn: Finder = (_text, root) =>
  nodes(root).flatMap(({ node, ancestors }) => {
    if (node.type !== 'return_statement') return [];
    const value = statementsOf(node)[0];
    if (value !== undefined) {
      return value.type === 'none'
        ? []
        : [{ start: value.start, end: value.end, replacement: 'None' }];
    }
    const block = ancestors.at(-1);
    const owner = ancestors.at(-2);
    if (block?.type !== 'block' || owner === undefined || owner.type === 'function_definition')
      return [];
    return [{ start: node.start, end: node.end, replacement: 'pass' }];
  });

function isDocstring(node: SyntaxNode): boolean {
  const only = statementsOf(node);
  return node.type === 'expression_statement' && only.length === 1 && only[0]?.type === 'string';
}

function isEmptyBody(statements: readonly SyntaxNode[]): boolean {
  const [first] = statements;
  if (statements.length !== 1 || first === undefined) return statements.length === 0;
  if (first.type === 'pass_statement') return true;
  const only = statementsOf(first);
  return first.type === 'expression_statement' && only.length === 1 && only[0]?.type === 'ellipsis';
}

// The statements after the docstring become `pass`; the docstring stays.
const emptyFunction: Finder = (_text, root) =>
  nodes(root).flatMap(({ node }) => {
    if (node.type !== 'function_definition') return [];
    const body = fieldOf(node, 'body');
    if (body === undefined) return [];
    const statements = statementsOf(body);
    const rest =
      statements[0] !== undefined && isDocstring(statements[0]) ? statements.slice(1) : statements;
    const first = rest[0];
    const last = rest.at(-1);
    if (first === undefined || last === undefined || isEmptyBody(rest)) return [];
    return [{ start: first.start, end: last.end, replacement: 'pass' }];
  });

/** The anonymous operator child of `node` (`+`, `and`, ...) that `table` replaces. */
function operatorEdits(node: SyntaxNode, table: Readonly<Record<string, string>>): TreeEdit[] {
  return node.children.flatMap((c) => {
    const swapped = c.named ? undefined : table[c.type];
    return swapped === undefined ? [] : [{ start: c.start, end: c.end, replacement: swapped }];
  });
}

const STRINGS = new Set(['string', 'concatenated_string']);

// `a + b` → `a - b`, ...; never on a string operand (`"-" * 40`, `"%s" % x`, `"a" + b`), whose
// mutant would only raise a TypeError. `//`, `**` and `@` are left alone.
const swapArithmetic: Finder = (_text, root) =>
  nodes(root).flatMap(({ node }) => {
    if (node.type !== 'binary_operator') return [];
    if (statementsOf(node).some((c) => STRINGS.has(c.type))) return [];
    return operatorEdits(node, ARITHMETIC_SWAPS);
  });

const shiftBoundary: Finder = (_text, root) =>
  nodes(root).flatMap(({ node }) =>
    node.type === 'comparison_operator' ? operatorEdits(node, BOUNDARY_SHIFTS) : [],
  );

const swapLogical: Finder = (_text, root) =>
  nodes(root).flatMap(({ node }) =>
    node.type === 'boolean_operator' ? operatorEdits(node, LOGICAL_SWAPS) : [],
  );

/** The prefix operator of `node` removed, up to its argument: `not x` → `x`, `-x` → `x`. */
function dropPrefix(text: string, node: SyntaxNode): TreeEdit[] {
  const argument = fieldOf(node, 'argument');
  if (argument === undefined) return [];
  return [
    {
      start: node.start,
      end: argument.start,
      replacement: removal(text, node.start, argument.start),
    },
  ];
}

const dropNegation: Finder = (text, root) =>
  nodes(root).flatMap(({ node }) => (node.type === 'not_operator' ? dropPrefix(text, node) : []));

const dropUnaryMinus: Finder = (text, root) =>
  nodes(root).flatMap(({ node }) => {
    if (node.type !== 'unary_operator') return [];
    return fieldOf(node, 'operator')?.type === '-' ? dropPrefix(text, node) : [];
  });

// `True` ↔ `False`, `0` ↔ `1`, `0.0` ↔ `1.0` (a float stays a float).
const flipLiteral: Finder = (text, root) =>
  nodes(root).flatMap(({ node }) => {
    if (!['true', 'false', 'integer', 'float'].includes(node.type)) return [];
    const flipped = LITERAL_FLIPS[text.slice(node.start, node.end)];
    return flipped === undefined
      ? []
      : [{ start: node.start, end: node.end, replacement: flipped }];
  });

// `a if c else b` → `b if c else a`. The alternate moves into a slot that takes no bare
// conditional or lambda: such a one is parenthesized.
const swapBranches: Finder = (text, root) =>
  nodes(root).flatMap(({ node }) => {
    if (node.type !== 'conditional_expression') return [];
    const [consequent, , alternate] = statementsOf(node);
    if (consequent === undefined || alternate === undefined) return [];
    const source = (n: SyntaxNode) => text.slice(n.start, n.end);
    const bare = alternate.type === 'conditional_expression' || alternate.type === 'lambda';
    const moved = bare ? `(${source(alternate)})` : source(alternate);
    const between = text.slice(consequent.end, alternate.start);
    return [
      {
        start: consequent.start,
        end: alternate.end,
        replacement: `${moved}${between}${source(consequent)}`,
      },
    ];
  });

export const PYTHON_FINDERS: Record<MutationOperator, Finder> = {
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
