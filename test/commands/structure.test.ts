// The shape of scripts/ as a test: the import graph has no cycles and no flag files sit at the top
// of lib/ (a verb's flags live in the verb; shared ones in lib/cli/). Layer direction is enforced by
// ESLint; see ARCHITECTURE.md.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPTS = join(ROOT, 'scripts');
const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

function listTs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return listTs(path);
    return d.name.endsWith('.ts') ? [path] : [];
  });
}

/** Relative import targets of every .ts file under scripts/, type-only imports included. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const targets = [...source.matchAll(SPECIFIER)]
      .map((m) => m[1] ?? m[2] ?? '')
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => resolve(dirname(file), spec));
    graph.set(file, targets);
  }
  return graph;
}

/** Every cycle found by a depth-first search, each as a list of paths relative to the root. */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      const s = state.get(next);
      if (s === 'open') cycles.push(stack.slice(stack.indexOf(next)).map((p) => relative(ROOT, p)));
      else if (s === undefined) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('structure of scripts/', () => {
  const files = listTs(SCRIPTS);

  it('has no import cycles', () => {
    expect(findCycles(importGraph(files))).toEqual([]);
  });

  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([
      [join(ROOT, 'a.ts'), [join(ROOT, 'b.ts')]],
      [join(ROOT, 'b.ts'), [join(ROOT, 'c.ts')]],
      [join(ROOT, 'c.ts'), [join(ROOT, 'a.ts')]],
    ]);
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('resolves every relative import to a file that exists', () => {
    const known = new Set(files);
    const missing = [...importGraph(files)].flatMap(([file, targets]) =>
      targets
        .filter((t) => t.endsWith('.ts') && !known.has(t))
        .map((t) => `${relative(ROOT, file)} -> ${relative(ROOT, t)}`),
    );
    expect(missing).toEqual([]);
  });

  it('keeps no *-flags.ts at the top of scripts/lib/', () => {
    const flagFiles = readdirSync(join(SCRIPTS, 'lib')).filter((name) => name.endsWith('-flags.ts'));
    expect(flagFiles).toEqual([]);
  });
});
