// The shape of scripts/ as a test: the import graph has no cycles, every import runs downward
// through the layers (the same rules ESLint enforces per folder, checked here on resolved paths so
// verbs are covered too), and no flag files sit at the top of lib/. See ARCHITECTURE.md.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPTS = join(ROOT, 'scripts');
const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

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

type Layer = 'verb' | 'cli' | 'flows' | 'render' | 'io' | 'core' | 'other';

function layerOf(path: string): Layer {
  const rel = relative(SCRIPTS, path).split(/[\\/]/);
  // scripts/<verb>.ts and the actions in its folder, scripts/<verb>/<action>.ts
  if (rel.length === 1 || (rel.length === 2 && rel[0] !== 'lib')) return 'verb';
  const folder = rel[0] === 'lib' ? rel[1] : undefined;
  if (folder === 'cli' || folder === 'flows' || folder === 'render' || folder === 'io')
    return folder;
  if (folder === 'core') return 'core';
  return 'other';
}

/** What each layer may import; render may also import flow result types (type-only). */
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  verb: ['verb', 'cli', 'flows', 'render', 'io', 'core'],
  cli: ['cli', 'flows', 'render', 'io', 'core'],
  flows: ['flows', 'render', 'core'],
  render: ['render', 'core'],
  io: ['io', 'core'],
  core: ['core'],
  other: [],
};

const TYPE_ONLY = /^\s*import\s+type\s/;

/** Imports that run against the layer order, as `from -> to` (paths relative to the root). */
export function layerViolations(sources: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, source] of sources) {
    for (const match of source.matchAll(/^\s*import\s[^;]*?from\s*'(\.[^']+)'/gms)) {
      const target = resolve(dirname(file), match[1] ?? '');
      if (!target.startsWith(SCRIPTS)) continue;
      const from = layerOf(file);
      const to = layerOf(target);
      const isTypeOnly = TYPE_ONLY.test(match[0]);
      if (MAY_IMPORT[from].includes(to)) continue;
      if (from === 'render' && to === 'flows' && isTypeOnly) continue;
      found.push(`${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
    }
  }
  return found;
}

/** Imports from files under `from` into files under `to`, as `from -> to` (paths relative to the root). */
function importsInto(
  graph: ReadonlyMap<string, readonly string[]>,
  from: string,
  to: string,
): string[] {
  return [...graph].flatMap(([file, targets]) =>
    file.startsWith(from + sep)
      ? targets
          .filter((t) => t.startsWith(to + sep))
          .map((t) => `${relative(ROOT, file)} -> ${relative(ROOT, t)}`)
      : [],
  );
}

const FLOWS = join(SCRIPTS, 'lib', 'flows');

/**
 * Imports from scripts/lib/flows into scripts/lib/cli, dynamic `import()` and re-exports included
 * (which the layer check above does not read): the real world is built by the cli wiring and
 * handed to a flow, never built by the flow itself.
 */
export function flowsImportingCli(graph: ReadonlyMap<string, readonly string[]>): string[] {
  return importsInto(graph, FLOWS, join(SCRIPTS, 'lib', 'cli'));
}

/**
 * Imports from scripts/lib/flows into scripts/lib/io, type-only, dynamic `import()` and re-exports
 * included: a flow reaches the world only through the World it is given (core/world/world.ts).
 */
export function flowsImportingIo(graph: ReadonlyMap<string, readonly string[]>): string[] {
  return importsInto(graph, FLOWS, join(SCRIPTS, 'lib', 'io'));
}

/** Imports from the world's wiring (scripts/lib/cli/world) into anything but io and core. */
export function worldImportingAbove(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const world = join(SCRIPTS, 'lib', 'cli', 'world');
  const allowed = [join(SCRIPTS, 'lib', 'io'), join(SCRIPTS, 'lib', 'core'), world];
  return [...graph].flatMap(([file, targets]) =>
    file.startsWith(world + sep)
      ? targets
          .filter((t) => !allowed.some((dir) => t.startsWith(dir + sep)))
          .map((t) => `${relative(ROOT, file)} -> ${relative(ROOT, t)}`)
      : [],
  );
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

  it('imports only downward through the layers', () => {
    const sources = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
    expect(layerViolations(sources)).toEqual([]);
  });

  it('reports an upward import (the check can fail)', () => {
    const core = join(SCRIPTS, 'lib', 'core', 'x.ts');
    const render = join(SCRIPTS, 'lib', 'render', 'y.ts');
    const sources = new Map([
      [core, "import { loadPlane } from '../io/plane.ts';\n"],
      [
        render,
        "import type { A } from '../flows/a-flow.ts';\nimport { b } from '../flows/b-flow.ts';\n",
      ],
    ]);
    expect(layerViolations(sources)).toEqual([
      'scripts/lib/core/x.ts -> scripts/lib/io/plane.ts',
      'scripts/lib/render/y.ts -> scripts/lib/flows/b-flow.ts',
    ]);
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

  it('has no flow importing the cli layer, not even lazily', () => {
    expect(flowsImportingCli(importGraph(files))).toEqual([]);
  });

  it('reports a flow that imports the cli layer lazily (the check can fail)', () => {
    const flow = join(SCRIPTS, 'lib', 'flows', 'x-flow.ts');
    const world = join(SCRIPTS, 'lib', 'cli', 'world', 'real-gate-io.ts');
    const graph = new Map([
      [flow, [world]],
      [world, [join(SCRIPTS, 'lib', 'flows', 'y-flow.ts')]],
    ]);
    expect(flowsImportingCli(graph)).toEqual([
      'scripts/lib/flows/x-flow.ts -> scripts/lib/cli/world/real-gate-io.ts',
    ]);
  });

  it('has no flow importing io, not even a type or lazily: flows are given the world', () => {
    expect(flowsImportingIo(importGraph(files))).toEqual([]);
  });

  it('reports a flow that imports io, type-only or lazily (the check can fail)', () => {
    const flow = join(FLOWS, 'x-flow.ts');
    const source =
      "import type { X } from '../io/plane.ts';\nconst m = await import('../io/git.ts');\n";
    const targets = [...source.matchAll(SPECIFIER)].map((m) =>
      resolve(dirname(flow), m[1] ?? m[2] ?? ''),
    );
    expect(flowsImportingIo(new Map([[flow, targets]]))).toEqual([
      'scripts/lib/flows/x-flow.ts -> scripts/lib/io/plane.ts',
      'scripts/lib/flows/x-flow.ts -> scripts/lib/io/git.ts',
    ]);
  });

  it('builds the world from io and core alone (no flow, render or cli above it)', () => {
    expect(worldImportingAbove(importGraph(files))).toEqual([]);
  });

  it('reports a world import of a flow (the check can fail)', () => {
    const world = join(SCRIPTS, 'lib', 'cli', 'world', 'open-world.ts');
    const graph = new Map([
      [world, [join(FLOWS, 'trust-check.ts'), join(SCRIPTS, 'lib', 'io', 'plane.ts')]],
    ]);
    expect(worldImportingAbove(graph)).toEqual([
      'scripts/lib/cli/world/open-world.ts -> scripts/lib/flows/trust-check.ts',
    ]);
  });

  it('keeps no *-flags.ts at the top of scripts/lib/', () => {
    const flagFiles = readdirSync(join(SCRIPTS, 'lib')).filter((name) =>
      name.endsWith('-flags.ts'),
    );
    expect(flagFiles).toEqual([]);
  });
});
