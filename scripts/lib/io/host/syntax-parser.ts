// Parses Python and Rust source for the mutation operators with tree-sitter, from the runtime and
// grammars prebuilt as WebAssembly in the @vscode/tree-sitter-wasm package (no download, no native
// build). The installed CLI carries copies in dist/tree-sitter/ (bin/build-dist.mjs), so it needs
// no package beside itself; run from source, the dev dependency's own files are used (loaded by
// path, so knip.json lists it in ignoreDependencies). They are loaded on the first parse only:
// no verb but `efficacy` pays for them, and only when a Python or Rust file is mutated.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { EnvironmentError } from '../../core/errors.ts';
import type { SyntaxNode, TreeLanguage } from '../../core/efficacy/syntax-tree.ts';
import { packagePath } from './package-root.ts';

const PACKAGE = '@vscode/tree-sitter-wasm';

// The few members of the package's API used here.
interface Cursor {
  readonly nodeType: string;
  readonly nodeIsNamed: boolean;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly currentFieldName: string | null;
  gotoFirstChild(): boolean;
  gotoNextSibling(): boolean;
  gotoParent(): boolean;
}
interface Parser {
  setLanguage(language: unknown): void;
  parse(text: string): { rootNode: { walk(): Cursor }; delete(): void } | null;
}
interface TreeSitter {
  Parser: { new (): Parser; init(): Promise<void> };
  Language: { load(path: string): Promise<unknown> };
}

let loading: Promise<Map<TreeLanguage, Parser>> | undefined;

/** The runtime and grammars: dist/tree-sitter/ beside the bundle, else the package's wasm/. */
function runtimeFiles(requireHere: NodeRequire): { dir: string; runtime: string } {
  const bundled = packagePath('dist', 'tree-sitter');
  const runtime = join(bundled, 'tree-sitter.cjs');
  if (existsSync(runtime)) return { dir: bundled, runtime };
  const main = requireHere.resolve(PACKAGE);
  return { dir: dirname(main), runtime: main };
}

async function load(): Promise<Map<TreeLanguage, Parser>> {
  const requireHere = createRequire(packagePath('package.json'));
  try {
    const { dir, runtime } = runtimeFiles(requireHere);
    const ts = requireHere(runtime) as TreeSitter;
    await ts.Parser.init();
    const parsers = new Map<TreeLanguage, Parser>();
    for (const language of ['python', 'rust'] as const) {
      const grammar = join(dir, `tree-sitter-${language}.wasm`);
      const parser = new ts.Parser();
      parser.setLanguage(await ts.Language.load(grammar));
      parsers.set(language, parser);
    }
    return parsers;
  } catch (error) {
    loading = undefined;
    throw new EnvironmentError('IO_FAILED', `cannot load the ${PACKAGE} parser`, {
      next: 'reinstall proofgate: its dist/tree-sitter/ files (or, from source, the dev dependency) are missing',
      cause: error,
    });
  }
}

function toNode(cursor: Cursor): SyntaxNode {
  const node: SyntaxNode = {
    type: cursor.nodeType,
    named: cursor.nodeIsNamed,
    start: cursor.startIndex,
    end: cursor.endIndex,
    children: [],
  };
  if (cursor.gotoFirstChild()) {
    do {
      const child = toNode(cursor);
      const field = cursor.currentFieldName;
      if (field !== null) child.field = field;
      node.children.push(child);
    } while (cursor.gotoNextSibling());
    cursor.gotoParent();
  }
  return node;
}

/** The syntax tree of `text`; unparsable regions are `ERROR` nodes. */
export async function parseSyntax(language: TreeLanguage, text: string): Promise<SyntaxNode> {
  loading ??= load();
  const parser = (await loading).get(language);
  const tree = parser?.parse(text);
  if (tree === undefined || tree === null) {
    throw new EnvironmentError('IO_FAILED', `the ${language} parser returned no tree`);
  }
  try {
    return toNode(tree.rootNode.walk());
  } finally {
    tree.delete();
  }
}
