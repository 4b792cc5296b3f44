// The built-in mutation operators for Python (references/efficacy.md "Operators"), read from the
// syntax tree: comparisons flipped, `if`/`elif` conditions negated, returned values dropped to
// `None` (a bare early return becomes `pass`), and function bodies emptied to `pass`. Strings
// (f-string expressions included), comments and unparsed regions are never touched.
import { COMPARISON_FLIPS, type MutationOperator, type TreeEdit } from './operators.ts';
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

export const PYTHON_FINDERS: Record<MutationOperator, Finder> = {
  'flip-comparison': flipComparison,
  'drop-return': dropReturn,
  'negate-condition': negateCondition,
  'empty-function': emptyFunction,
};
