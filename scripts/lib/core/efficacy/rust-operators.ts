// The built-in mutation operators for Rust (references/efficacy.md "Operators"), read from the
// syntax tree and chosen so that the mutant still compiles wherever the types allow it: a
// comparison flipped, an `if` condition negated (not `if let`), an early `return` dropped from an
// `if` without `else` (whose value is `()` either way), and a function body replaced by a value of
// its return type (`()`, `0`, `false`, `None`, `String::new()`, ...; `unimplemented!()` for any
// other type, never for `impl Trait`), and, where the types are known to allow it, arithmetic
// swapped, a boundary shifted, `&&` ↔ `||`, a `!` or unary `-` dropped, a literal flipped and an
// `if`/`else`'s branches swapped (rust-typed-operators.ts). Tests (`#[test]`, `#[cfg(test)]`
// items) are never mutated, nor strings, comments, macro arguments or unparsed regions.
import { COMPARISON_FLIPS, type MutationOperator, type TreeEdit } from './operators.ts';
import { RUST_TYPED_FINDERS } from './rust-typed-operators.ts';
import { rustNodes as nodes } from './rust-nodes.ts';
import { fieldOf, statementsOf, type SyntaxNode } from './syntax-tree.ts';

const FLIPS = COMPARISON_FLIPS;

type Finder = (text: string, root: SyntaxNode) => TreeEdit[];

const flipComparison: Finder = (text, root) =>
  nodes(text, root).flatMap(({ node }) => {
    if (node.type !== 'binary_expression') return [];
    const op = fieldOf(node, 'operator');
    const flipped = op === undefined ? undefined : FLIPS[op.type];
    return op === undefined || flipped === undefined
      ? []
      : [{ start: op.start, end: op.end, replacement: flipped }];
  });

const negateCondition: Finder = (text, root) =>
  nodes(text, root).flatMap(({ node }) => {
    if (node.type !== 'if_expression') return [];
    const condition = fieldOf(node, 'condition');
    if (condition === undefined || condition.type === 'let_condition') return [];
    if (condition.type === 'let_chain') return [];
    const inner = text.slice(condition.start, condition.end);
    return [{ start: condition.start, end: condition.end, replacement: `!(${inner})` }];
  });

// `if c { return x; }` without `else` is `()` whether or not it returns: dropping the return
// compiles and lets the function run on.
const dropReturn: Finder = (text, root) =>
  nodes(text, root).flatMap(({ node, ancestors }) => {
    if (node.type !== 'return_expression') return [];
    const statement = ancestors.at(-1)?.type === 'expression_statement' ? ancestors.at(-1) : node;
    const blockAt = statement === node ? -1 : -2;
    const block = ancestors.at(blockAt);
    const owner = ancestors.at(blockAt - 1);
    if (statement === undefined || block?.type !== 'block' || owner?.type !== 'if_expression')
      return [];
    if (block.field !== 'consequence' || fieldOf(owner, 'alternative') !== undefined) return [];
    return [{ start: statement.start, end: statement.end, replacement: '' }];
  });

const INTEGERS = /^(?:[iu](?:8|16|32|64|128|size))$/;

/** A value of the return type `type` (its source text), or undefined when none is safe. */
function defaultValue(type: SyntaxNode | undefined, text: string): string | undefined {
  if (type === undefined || type.type === 'unit_type') return '';
  if (type.type === 'abstract_type') return undefined;
  const source = text.slice(type.start, type.end).replace(/\s+/g, '');
  if (INTEGERS.test(source)) return '0';
  if (source === 'f32' || source === 'f64') return '0.0';
  if (source === 'bool') return 'false';
  if (source === 'String') return 'String::new()';
  if (/^&(?:'[A-Za-z_]+)?str$/.test(source)) return '""';
  if (source.startsWith('Option<')) return 'None';
  if (source.startsWith('Vec<')) return 'Vec::new()';
  if (/^Result<\(\),/.test(source)) return 'Ok(())';
  return 'unimplemented!()';
}

const emptyFunction: Finder = (text, root) =>
  nodes(text, root).flatMap(({ node }) => {
    if (node.type !== 'function_item') return [];
    const body = fieldOf(node, 'body');
    const value = defaultValue(fieldOf(node, 'return_type'), text);
    if (body === undefined || value === undefined) return [];
    const inner = text.slice(body.start + 1, body.end - 1).trim();
    if (inner === value || statementsOf(body).length === 0) return [];
    const replacement = value === '' ? '' : ` ${value} `;
    return [{ start: body.start + 1, end: body.end - 1, replacement }];
  });

export const RUST_FINDERS: Record<MutationOperator, Finder> = {
  'flip-comparison': flipComparison,
  'drop-return': dropReturn,
  'negate-condition': negateCondition,
  'empty-function': emptyFunction,
  ...RUST_TYPED_FINDERS,
};
