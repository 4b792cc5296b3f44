// One front door to git: simple-git is the only thing that starts git, and only the facade uses
// it. Its gateway io/git/run-git.ts is the one module that imports simple-git and the one every
// question of the facade runs through; everything else asks through the front door io/git.ts and
// imports no module of io/git/ itself, and no file spawns `git` (spawn, execFile, exec, fork with a
// literal git). User commands that happen to be git (a control's `git grep`, run by
// io/host/run-command.ts from the registry's argv) are the user's command, not the gate asking git.
// One module of the facade besides the gateway starts git: io/git/prefetch.ts, run as the process
// starts, asks the hot verbs' first questions with the gateway's own arguments, settings and
// environment, and the gateway takes an answer only for the identical question
// (test/e2e/git-prefetch.test.ts). Nothing in bin/ spawns git.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPTS = join(ROOT, 'scripts');
const FACADE = 'scripts/lib/io/git/';
const FRONT_DOOR = 'scripts/lib/io/git.ts';
const GATEWAY = 'scripts/lib/io/git/run-git.ts';
const PREFETCH = 'scripts/lib/io/git/prefetch.ts';

function listTs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return listTs(path);
    return d.name.endsWith('.ts') ? [path] : [];
  });
}

const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g;
const GIT_SPAWN =
  /\b(?:spawn|spawnSync|execFile|execFileSync|exec|execSync|fork)\s*\(\s*['"`]git(?:['"`\s]|\.exe)/;

/** What `file` (relative to the root) does that only the facade may: each as a sentence. */
export function gitViolations(file: string, source: string): string[] {
  const found: string[] = [];
  const inFacade = file.startsWith(FACADE) || file === FRONT_DOOR;
  for (const match of source.matchAll(SPECIFIER)) {
    const spec = match[1] ?? match[2] ?? match[3] ?? '';
    if (spec === 'simple-git' && file !== GATEWAY)
      found.push(`${file} imports simple-git (only ${GATEWAY} may)`);
    if (!spec.startsWith('.')) continue;
    const target = relative(ROOT, resolve(dirname(join(ROOT, file)), spec))
      .split('\\')
      .join('/');
    if (target.startsWith(FACADE) && !inFacade)
      found.push(`${file} imports ${target} (ask git through ${FRONT_DOOR})`);
  }
  if (GIT_SPAWN.test(source) && file !== PREFETCH) found.push(`${file} spawns git itself`);
  return found;
}

describe('the git facade is the one front door to git', () => {
  it('only run-git.ts imports simple-git, only the facade imports io/git/, nothing spawns git', () => {
    const found = listTs(SCRIPTS).flatMap((path) =>
      gitViolations(relative(ROOT, path).split('\\').join('/'), readFileSync(path, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('nothing in bin/ spawns git; in the facade, only the gateway and prefetch.ts', () => {
    const spawning = readdirSync(join(ROOT, 'bin'))
      .filter((name) => /\.(c|m)?js$/.test(name))
      .filter((name) => GIT_SPAWN.test(readFileSync(join(ROOT, 'bin', name), 'utf8')));
    expect(spawning).toEqual([]);
    expect(GIT_SPAWN.test(readFileSync(join(ROOT, PREFETCH), 'utf8'))).toBe(true);
  });

  it('the gateway does use simple-git (the rule above guards something real)', () => {
    expect(readFileSync(join(ROOT, GATEWAY), 'utf8')).toMatch(/from 'simple-git'/);
  });

  it('reports a stray simple-git, a gateway import and literal git spawns (the check can fail)', () => {
    const planted = [
      "import { simpleGit } from 'simple-git';",
      "import { runGit } from './git/run-git.ts';",
      "import { readObjects } from './git/objects.ts';",
      "import { readObjects as fine } from './git.ts';",
      "const lazy = await import('simple-git');",
      "execFileSync('git', ['status']);",
    ].join('\n');
    expect(gitViolations('scripts/lib/io/planted.ts', planted)).toEqual([
      'scripts/lib/io/planted.ts imports simple-git (only scripts/lib/io/git/run-git.ts may)',
      'scripts/lib/io/planted.ts imports scripts/lib/io/git/run-git.ts (ask git through scripts/lib/io/git.ts)',
      'scripts/lib/io/planted.ts imports scripts/lib/io/git/objects.ts (ask git through scripts/lib/io/git.ts)',
      'scripts/lib/io/planted.ts imports simple-git (only scripts/lib/io/git/run-git.ts may)',
      'scripts/lib/io/planted.ts spawns git itself',
    ]);
    for (const call of [
      "spawn('git', args)",
      'spawnSync("git", ["log"])',
      'exec(`git status`)',
      "execSync('git rev-parse HEAD')",
    ])
      expect(gitViolations('scripts/lib/core/x.ts', call)).toEqual([
        'scripts/lib/core/x.ts spawns git itself',
      ]);
    // Inside the facade a question imports the gateway and the front door the questions; a
    // user's command named git is no spawn.
    expect(
      gitViolations('scripts/lib/io/git/refs.ts', "import { runGit } from './run-git.ts';"),
    ).toEqual([]);
    expect(gitViolations(FRONT_DOOR, "export { readObjects } from './git/objects.ts';")).toEqual(
      [],
    );
    expect(
      gitViolations('scripts/lib/io/host/run-command.ts', 'spawn(file, args, options)'),
    ).toEqual([]);
    expect(gitViolations('scripts/lib/io/git/refs.ts', "import 'simple-git';")).toEqual([
      'scripts/lib/io/git/refs.ts imports simple-git (only scripts/lib/io/git/run-git.ts may)',
    ]);
  });
});
