// The shape of scripts/lib/core as a test: its folders (and the files at its top) form one order,
// lowest first, and every import between two of them runs down that order. Two folders of the same
// rank never import each other, so the domains that feed the verdict stay apart, and core/gate's
// subfolders have an order of their own. A new import that runs back up, or a new folder without a
// rank, fails here. See ARCHITECTURE.md ("Inside core").
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CORE = fileURLToPath(new URL('../../scripts/lib/core', import.meta.url));
const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

/** Core's folders and top files, lowest rank first; one rank may hold several. */
const CORE_ORDER: readonly (readonly string[])[] = [
  ['errors.ts', 'context.ts', 'options.ts'],
  ['shared', 'redact', 'trace', 'teeth', 'inventory'],
  ['hash.ts'],
  ['ledger'],
  ['next'],
  ['scan', 'reach'],
  ['plane'],
  ['binding'],
  ['gate'],
  ['brownfield', 'efficacy', 'knowledge', 'candidate'],
  ['verdict'],
  ['hook', 'export', 'trust', 'skill', 'handoff'],
  ['report'],
  ['ports.ts'],
  ['world'],
];

/** core/gate's subfolders, lowest rank first. */
const GATE_ORDER: readonly (readonly string[])[] = [
  ['entries', 'output'],
  ['authority'],
  ['select'],
  ['status'],
  ['claim'],
  ['run', 'query'],
];

function listTs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return listTs(path);
    return d.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative import inside core as `[from, to]`, paths relative to core. */
function coreImports(sources: ReadonlyMap<string, string>): [string, string][] {
  const found: [string, string][] = [];
  for (const [file, source] of sources)
    for (const m of source.matchAll(SPECIFIER)) {
      const spec = m[1] ?? m[2] ?? '';
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(join(CORE, file)), spec);
      const rel = relative(CORE, target);
      if (!rel.startsWith('..')) found.push([file, rel]);
    }
  return found;
}

/** The unit of a core file: its folder (or its name at core's top), or its subfolder `inside` one. */
function unitOf(path: string, inside?: string): string | undefined {
  const parts = path.split(/[\\/]/);
  if (inside === undefined) return parts[0];
  return parts[0] === inside && parts.length > 2 ? parts[1] : undefined;
}

/** Imports that run up (or sideways) through `order`, and units `order` does not rank. */
export function orderViolations(
  imports: readonly (readonly [string, string])[],
  order: readonly (readonly string[])[],
  inside?: string,
): string[] {
  const rank = new Map(order.flatMap((units, i) => units.map((u) => [u, i] as const)));
  const found = new Set<string>();
  for (const [from, to] of imports) {
    const a = unitOf(from, inside);
    const b = unitOf(to, inside);
    if (a === undefined || b === undefined || a === b) continue;
    for (const u of [a, b]) if (!rank.has(u)) found.add(`${u} has no rank in the core order`);
    const ra = rank.get(a);
    const rb = rank.get(b);
    if (ra !== undefined && rb !== undefined && rb >= ra) found.add(`${from} -> ${to}`);
  }
  return [...found].sort();
}

/** The cycles of the unit-level graph (one node per folder), each as its units in order. */
function unitCycles(imports: readonly (readonly [string, string])[], inside?: string): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const [from, to] of imports) {
    const a = unitOf(from, inside);
    const b = unitOf(to, inside);
    if (a === undefined || b === undefined || a === b) continue;
    graph.set(a, (graph.get(a) ?? new Set()).add(b));
  }
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (unit: string): void => {
    state.set(unit, 'open');
    stack.push(unit);
    for (const next of [...(graph.get(unit) ?? [])].sort()) {
      const s = state.get(next);
      if (s === 'open') cycles.push(stack.slice(stack.indexOf(next)));
      else if (s === undefined) visit(next);
    }
    stack.pop();
    state.set(unit, 'done');
  };
  for (const unit of [...graph.keys()].sort()) if (!state.has(unit)) visit(unit);
  return cycles;
}

describe('folders inside scripts/lib/core', () => {
  const sources = new Map(
    listTs(CORE).map((f) => [relative(CORE, f), readFileSync(f, 'utf8')] as const),
  );
  const imports = coreImports(sources);

  it('has no import cycle between its folders', () => {
    expect(unitCycles(imports)).toEqual([]);
    expect(unitCycles(imports, 'gate')).toEqual([]);
  });

  it('imports only down the core order, and ranks every folder', () => {
    expect(orderViolations(imports, CORE_ORDER)).toEqual([]);
  });

  it("imports only down core/gate's own order", () => {
    expect(orderViolations(imports, GATE_ORDER, 'gate')).toEqual([]);
  });

  it("keeps the verdict's feeders out of the gate: gate imports no knowledge, efficacy or brownfield", () => {
    const feeders = imports.filter(
      ([from, to]) => unitOf(from) === 'gate' && /^(knowledge|efficacy|brownfield)\//.test(to),
    );
    expect(feeders).toEqual([]);
  });

  it('reports an upward import, a sideways one, an unranked folder and a cycle (the checks can fail)', () => {
    const planted: [string, string][] = [
      ['ledger/verify.ts', 'gate/claim/decide-claim.ts'],
      ['knowledge/rank.ts', 'efficacy/status.ts'],
      ['newfolder/x.ts', 'ledger/types.ts'],
      ['gate/entries/bodies.ts', 'gate/claim/decide-claim.ts'],
      ['gate/claim/decide-claim.ts', 'gate/entries/bodies.ts'],
      ['plane/types.ts', 'ledger/types.ts'],
    ];
    expect(orderViolations(planted, CORE_ORDER)).toEqual([
      'knowledge/rank.ts -> efficacy/status.ts',
      'ledger/verify.ts -> gate/claim/decide-claim.ts',
      'newfolder has no rank in the core order',
    ]);
    expect(orderViolations(planted, GATE_ORDER, 'gate')).toEqual([
      'gate/entries/bodies.ts -> gate/claim/decide-claim.ts',
    ]);
    const cycle: [string, string][] = [...planted, ['gate/x.ts', 'ledger/verify.ts']];
    expect(unitCycles(cycle)).toEqual([['gate', 'ledger']]);
    expect(unitCycles(planted, 'gate')).toEqual([['claim', 'entries']]);
  });
});
