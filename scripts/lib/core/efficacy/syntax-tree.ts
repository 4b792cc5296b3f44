// A parsed source file as plain data: what a parser adapter (io/host/syntax-parser.ts) hands the
// Python and Rust mutation operators, so they stay pure and read the syntax, never the text.

/** The languages whose operators read a syntax tree. */
export type TreeLanguage = 'python' | 'rust';

export interface SyntaxNode {
  /** The grammar's node type (`comparison_operator`, `<`, `function_item`, ...). */
  type: string;
  /** False for anonymous nodes: punctuation, operators and keywords. */
  named: boolean;
  /** The field this node fills in its parent (`condition`, `body`, ...), when the grammar names one. */
  field?: string;
  /** Source range [start, end) in UTF-16 code units, as JS strings index. */
  start: number;
  end: number;
  children: SyntaxNode[];
}

/** The child filling `field`, if any. */
export function fieldOf(node: SyntaxNode, field: string): SyntaxNode | undefined {
  return node.children.find((c) => c.field === field);
}

/** Named children that are not comments. */
export function statementsOf(node: SyntaxNode): SyntaxNode[] {
  return node.children.filter((c) => c.named && !c.type.includes('comment'));
}

/**
 * Every node of the tree in source order with its ancestors (the parent last), except the
 * subtrees of `skip` types and those `prune` rejects: literals, comments and unparsed (ERROR)
 * regions are never mutated.
 */
export function collectNodes(
  root: SyntaxNode,
  skip: ReadonlySet<string>,
  prune: (node: SyntaxNode) => boolean = () => false,
): { node: SyntaxNode; ancestors: SyntaxNode[] }[] {
  const out: { node: SyntaxNode; ancestors: SyntaxNode[] }[] = [];
  const visit = (node: SyntaxNode, ancestors: SyntaxNode[]): void => {
    if (skip.has(node.type) || prune(node)) return;
    out.push({ node, ancestors });
    const inner = [...ancestors, node];
    for (const child of node.children) visit(child, inner);
  };
  visit(root, []);
  return out;
}
