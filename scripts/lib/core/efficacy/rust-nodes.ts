// The Rust nodes the mutation operators may touch: everything outside tests (`#[test]`,
// `#[tokio::test]`, `#[cfg(test)]` items), strings, comments, macro arguments and unparsed regions.
import { collectNodes, type SyntaxNode } from './syntax-tree.ts';

const SKIP = new Set([
  'string_literal',
  'raw_string_literal',
  'char_literal',
  'line_comment',
  'block_comment',
  'token_tree',
  'ERROR',
]);

const TEST_ATTRIBUTE = /^#\[\s*(?:cfg\s*\(\s*test\s*\)|(?:[A-Za-z_]+::)*test\s*[\](])/;

/** Items under a `#[test]`, `#[tokio::test]`, ... or `#[cfg(test)]` attribute. */
function testItems(text: string, root: SyntaxNode): Set<SyntaxNode> {
  const out = new Set<SyntaxNode>();
  const visit = (node: SyntaxNode): void => {
    let test = false;
    for (const child of node.children) {
      if (child.type === 'attribute_item') {
        test ||= TEST_ATTRIBUTE.test(text.slice(child.start, child.end));
      } else if (child.named && !child.type.endsWith('comment')) {
        if (test) out.add(child);
        test = false;
      }
      visit(child);
    }
  };
  visit(root);
  return out;
}

/** Every node outside tests, strings, comments, macro arguments and unparsed regions. */
export function rustNodes(
  text: string,
  root: SyntaxNode,
): { node: SyntaxNode; ancestors: SyntaxNode[] }[] {
  const tests = testItems(text, root);
  return collectNodes(root, SKIP, (node) => tests.has(node));
}
