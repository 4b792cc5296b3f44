// What a Rust expression is known to be from its syntax alone (an integer, a float, a bool, a
// compile-time constant), with the names each function binds once: the type knowledge the typed
// operators (rust-typed-operators.ts) need so that every mutant they plant still compiles.
import { rustNodes } from './rust-nodes.ts';
import { ARITHMETIC_SWAPS } from './swaps.ts';
import { fieldOf, statementsOf, type SyntaxNode } from './syntax-tree.ts';

type Kind = 'int' | 'float' | 'bool';
interface Binding {
  kind: Kind | undefined;
  /** Bound to a literal (`let n: u8 = 255;`): rustc folds it as a constant. */
  constant: boolean;
}
type Scope = ReadonlyMap<string, Binding>;

const INT = /^[iu](?:8|16|32|64|128|size)$/;
export const LITERALS = new Set(['integer_literal', 'float_literal']);

function kindOfType(type: SyntaxNode | undefined, text: string): Kind | undefined {
  if (type?.type !== 'primitive_type') return undefined;
  const name = text.slice(type.start, type.end);
  if (INT.test(name)) return 'int';
  if (name === 'f32' || name === 'f64') return 'float';
  return name === 'bool' ? 'bool' : undefined;
}

function isLiteral(node: SyntaxNode | undefined): boolean {
  if (node === undefined) return false;
  if (LITERALS.has(node.type)) return true;
  const inner = statementsOf(node)[0];
  return (
    (node.type === 'unary_expression' || node.type === 'parenthesized_expression') &&
    isLiteral(inner)
  );
}

/**
 * The names a function binds exactly once (parameters, `let`s, closure parameters, patterns),
 * with the kind of those declared with a primitive type. A name bound twice may be shadowed by a
 * value of another type: it is left unknown.
 */
function scopeOf(fn: SyntaxNode, text: string): Scope {
  const counts = new Map<string, number>();
  const declared = new Map<string, Binding>();
  const countNames = (node: SyntaxNode): void => {
    if (node.type === 'identifier') {
      const name = text.slice(node.start, node.end);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    node.children.forEach(countNames);
  };
  const visit = (node: SyntaxNode): void => {
    for (const child of node.children) {
      if (child.field === 'pattern' || child.type === 'closure_parameters') countNames(child);
      if (child.type === 'match_pattern') countNames(child);
    }
    if (node.type === 'parameter' || node.type === 'let_declaration') {
      const field = fieldOf(node, 'pattern');
      const pattern = field?.type === 'mut_pattern' ? statementsOf(field).at(-1) : field;
      if (pattern?.type === 'identifier') {
        const value = fieldOf(node, 'value');
        declared.set(text.slice(pattern.start, pattern.end), {
          kind: kindOfType(fieldOf(node, 'type'), text),
          constant: isLiteral(value),
        });
      }
    }
    node.children.forEach(visit);
  };
  visit(fn);
  const scope = new Map<string, Binding>();
  for (const [name, binding] of declared) if (counts.get(name) === 1) scope.set(name, binding);
  return scope;
}

/** What the expression is known to be, from its syntax alone. */
export function kindOf(node: SyntaxNode | undefined, text: string, scope: Scope): Kind | undefined {
  if (node === undefined) return undefined;
  const inner = statementsOf(node);
  switch (node.type) {
    case 'integer_literal':
      return 'int';
    case 'float_literal':
      return 'float';
    case 'boolean_literal':
      return 'bool';
    case 'identifier':
      return scope.get(text.slice(node.start, node.end))?.kind;
    case 'type_cast_expression':
      return kindOfType(fieldOf(node, 'type'), text);
    case 'parenthesized_expression':
      return kindOf(inner[0], text, scope);
    case 'unary_expression':
      return text[node.start] === '-' ? kindOf(inner[0], text, scope) : undefined;
    case 'binary_expression': {
      const op = fieldOf(node, 'operator')?.type ?? '';
      if (ARITHMETIC_SWAPS[op] === undefined) return undefined;
      const left = kindOf(fieldOf(node, 'left'), text, scope);
      return left === kindOf(fieldOf(node, 'right'), text, scope) ? left : undefined;
    }
    case 'call_expression': {
      const callee = fieldOf(node, 'function');
      const field = callee?.type === 'field_expression' ? fieldOf(callee, 'field') : undefined;
      const args = fieldOf(node, 'arguments');
      const noArgs = args !== undefined && statementsOf(args).length === 0;
      return field !== undefined && text.slice(field.start, field.end) === 'len' && noArgs
        ? 'int'
        : undefined;
    }
    default:
      return undefined;
  }
}

export const isNumber = (kind: Kind | undefined): boolean => kind === 'int' || kind === 'float';

/** A value rustc evaluates at compile time: a literal, a path (`u8::MAX`), a name bound to a literal. */
export function isConstant(node: SyntaxNode | undefined, text: string, scope: Scope): boolean {
  if (node === undefined) return false;
  if (isLiteral(node) || node.type === 'scoped_identifier') return true;
  if (node.type === 'identifier')
    return scope.get(text.slice(node.start, node.end))?.constant ?? false;
  const inner = statementsOf(node)[0];
  return node.type === 'parenthesized_expression' && isConstant(inner, text, scope);
}

/** The nodes outside tests, each with the scope of the function it is in. */
export function scopedNodes(text: string, root: SyntaxNode) {
  const scopes = new Map<SyntaxNode, Scope>();
  const none: Scope = new Map();
  return rustNodes(text, root).map(({ node, ancestors }) => {
    const fn = ancestors.findLast((a) => a.type === 'function_item');
    let scope = fn === undefined ? none : scopes.get(fn);
    if (fn !== undefined && scope === undefined) {
      scope = scopeOf(fn, text);
      scopes.set(fn, scope);
    }
    return { node, ancestors, scope: scope ?? none };
  });
}
