// One recipe per verb, as a test: a verb module (scripts/<verb>.ts, or an action's module in the
// verb's folder, scripts/<verb>/<action>.ts) imports nothing from lib/io or the real world
// (lib/cli/world, formerly lib/flows/world) — the real-I/O wiring of its run lives in
// lib/cli/run/<verb>.ts — and its `render` is one function imported from lib/render, not written
// in the verb. See ARCHITECTURE.md ("Verb recipe").
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPTS = join(ROOT, 'scripts');
/** Entry points that define no verb (the same list the verb table test keeps). */
const NOT_VERBS = new Set(['cli.ts', 'demo.ts']);
const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g;
const FORBIDDEN = [
  join(SCRIPTS, 'lib', 'io'),
  join(SCRIPTS, 'lib', 'flows', 'world'),
  join(SCRIPTS, 'lib', 'cli', 'world'),
];
const RENDER = join(SCRIPTS, 'lib', 'render');

/** Every way `file` breaks the recipe, each as one line naming the file and what it does. */
export function recipeViolations(file: string, source: string): string[] {
  const name = relative(ROOT, file);
  const found: string[] = [];
  const imported = new Map<string, string>();
  for (const m of source.matchAll(SPECIFIER)) {
    const spec = m[1] ?? m[2] ?? '';
    if (!spec.startsWith('.')) continue;
    const target = resolve(dirname(file), spec);
    if (FORBIDDEN.some((dir) => target.startsWith(`${dir}/`)))
      found.push(`${name} imports ${relative(ROOT, target)}`);
    const names = /^\s*import\s+(?:type\s+)?\{([^}]*)\}/.exec(m[0].trim())?.[1] ?? '';
    for (const part of names.split(',')) {
      const local = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop();
      if (local !== undefined && local !== '') imported.set(local, target);
    }
  }
  // the `render` property of the verb object, at its indentation: `render: fn,`, `render,` or inline
  const line = /^ {2}render\b(.*)$/m.exec(source)?.[1];
  if (line === undefined) found.push(`${name} has no render`);
  else {
    const value = /^,?\s*$/.test(line) ? 'render' : line.replace(/^:\s*/, '').replace(/,\s*$/, '');
    const from = /^[A-Za-z_$][\w$]*$/.test(value) ? imported.get(value) : undefined;
    if (from === undefined || !from.startsWith(`${RENDER}/`))
      found.push(`${name} renders with ${value}, not a function imported from scripts/lib/render`);
  }
  return found;
}

/** scripts/<verb>.ts and the actions in the verb's folder, scripts/<verb>/<action>.ts. */
const verbFiles = readdirSync(SCRIPTS, { withFileTypes: true })
  .flatMap((d) =>
    d.isDirectory()
      ? d.name === 'lib'
        ? []
        : readdirSync(join(SCRIPTS, d.name)).map((f) => join(d.name, f))
      : [d.name],
  )
  .filter((f) => f.endsWith('.ts') && !NOT_VERBS.has(f) && !f.startsWith('_'))
  .sort();

describe('one recipe per verb', () => {
  it('no verb imports lib/io or the real world, and each renders with a lib/render function', () => {
    const found = verbFiles.flatMap((f) =>
      recipeViolations(join(SCRIPTS, f), readFileSync(join(SCRIPTS, f), 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('reports an io import, a world import and an inline renderer (the check can fail)', () => {
    const verb = join(SCRIPTS, 'planted.ts');
    const source = [
      "import { resolveRoot } from './lib/io/git.ts';",
      "import type { X } from './lib/flows/world/real-gate-io.ts';",
      "import { openWorld } from './lib/cli/world/open-world.ts';",
      "import { renderScan } from './lib/render/scan.ts';",
      'export const planted = defineVerb({',
      '  run: runPlanted,',
      '  render: (r) => renderScan(r),',
      '});',
    ].join('\n');
    expect(recipeViolations(verb, source)).toEqual([
      'scripts/planted.ts imports scripts/lib/io/git.ts',
      'scripts/planted.ts imports scripts/lib/flows/world/real-gate-io.ts',
      'scripts/planted.ts imports scripts/lib/cli/world/open-world.ts',
      'scripts/planted.ts renders with (r) => renderScan(r), not a function imported from scripts/lib/render',
    ]);
  });

  it('reports a renderer written in the verb or imported from elsewhere (the check can fail)', () => {
    const local = [
      "import { renderScan } from './lib/render/scan.ts';",
      'function render(r) { return renderScan(r); }',
      'export const a = defineVerb({',
      '  render,',
      '});',
    ].join('\n');
    const elsewhere = [
      "import { renderIt } from './lib/flows/it-flow.ts';",
      'export const b = defineVerb({',
      '  render: renderIt,',
      '});',
    ].join('\n');
    const kept = [
      "import { runIt } from './lib/cli/run/it.ts';",
      "import { renderIt as renderItText } from './lib/render/it.ts';",
      'export const c = defineVerb({',
      '  run: runIt,',
      '  render: renderItText,',
      '});',
    ].join('\n');
    expect(recipeViolations(join(SCRIPTS, 'a.ts'), local)).toEqual([
      'scripts/a.ts renders with render, not a function imported from scripts/lib/render',
    ]);
    expect(recipeViolations(join(SCRIPTS, 'b.ts'), elsewhere)).toEqual([
      'scripts/b.ts renders with renderIt, not a function imported from scripts/lib/render',
    ]);
    expect(recipeViolations(join(SCRIPTS, 'c.ts'), kept)).toEqual([]);
  });
});
