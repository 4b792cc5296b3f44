// `proofgate install --skill` on real temporary repositories, in process: where the files land, that
// they are the package's bytes, that every link in them resolves from the installed location, and
// that a changed file is never clobbered without --force.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { dispatchCommand } from '../../scripts/cli.ts';
import { packagePath } from '../../scripts/lib/io/host/package-root.ts';
import { createTestContext } from '../helpers/context.ts';
import { makeRepo, type TestRepo } from '../helpers/git-repo.ts';

const ENV = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' };
const CLAUDE = '.claude/skills/proofgate';
const CODEX = '.agents/skills/proofgate';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.remove();
});

function repo(): TestRepo {
  const made = makeRepo({ 'a.txt': 'a\n' });
  repos.push(made);
  return made;
}

async function skill(dir: string, ...args: string[]) {
  const ctx = createTestContext({ cwd: dir, env: ENV });
  const code = await dispatchCommand(['install', '--skill', ...args], ctx);
  return { code, stdout: ctx.stdout(), stderr: ctx.stderr() };
}

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const rel = prefix === '' ? name : `${prefix}/${name}`;
      return statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name), rel) : [rel];
    });
}

const packageFiles = (): string[] => [
  'INDEX.md',
  'SKILL.md',
  ...filesUnder(packagePath('references'), 'references'),
];

describe('skill install', () => {
  test('copies SKILL.md, INDEX.md and references/ byte for byte to both agents', async () => {
    const r = repo();
    const result = await skill(r.dir);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^INSTALLED proofgate's skill \(/);
    for (const dir of [CLAUDE, CODEX]) {
      const installed = join(r.dir, dir);
      expect(filesUnder(installed).sort()).toEqual(packageFiles().sort());
      for (const rel of packageFiles()) {
        expect(readFileSync(join(installed, rel), 'utf8')).toBe(
          readFileSync(packagePath(rel), 'utf8'),
        );
      }
    }
  });

  test('every relative link in the installed files resolves inside the installed skill', async () => {
    const r = repo();
    await skill(r.dir, '--agent', 'claude');
    const root = join(r.dir, CLAUDE);
    const broken: string[] = [];
    for (const rel of filesUnder(root).filter((f) => f.endsWith('.md'))) {
      const text = readFileSync(join(root, rel), 'utf8');
      for (const match of text.matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)/g)) {
        const target = match[1]!;
        if (/^[a-z]+:/.test(target)) continue;
        const resolved = normalize(join(dirname(join(root, rel)), target));
        if (!resolved.startsWith(root) || !existsSync(resolved)) broken.push(`${rel}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('the installed SKILL.md runs verbs through npx, never through a script path it lacks', async () => {
    const r = repo();
    await skill(r.dir, '--agent', 'codex');
    const text = readFileSync(join(r.dir, CODEX, 'SKILL.md'), 'utf8');
    expect(existsSync(join(r.dir, CODEX, 'bin'))).toBe(false);
    expect(text).not.toMatch(/bin\/proofgate\.js|CLAUDE_SKILL_DIR|scripts\//);
    const howTo = text.split('## How to run proofgate')[1]!.split('\n## ')[0]!;
    expect(howTo).toContain('`npx proofgate <verb> ...`');
  });

  test('--agent picks one directory', async () => {
    const r = repo();
    expect((await skill(r.dir, '--agent', 'codex')).code).toBe(0);
    expect(existsSync(join(r.dir, CODEX, 'SKILL.md'))).toBe(true);
    expect(existsSync(join(r.dir, '.claude'))).toBe(false);
  });

  test('idempotent: a second run writes nothing and says UNCHANGED', async () => {
    const r = repo();
    await skill(r.dir);
    const file = join(r.dir, CLAUDE, 'SKILL.md');
    const before = statSync(file).mtimeMs;
    const again = await skill(r.dir, '--json');
    expect(again.code).toBe(0);
    const json = JSON.parse(again.stdout);
    expect(json.targets.map((t: { write: string[] }) => t.write.length)).toEqual([0, 0]);
    expect(statSync(file).mtimeMs).toBe(before);
    expect((await skill(r.dir)).stdout).toMatch(/^UNCHANGED/);
  });

  test('a changed file is refused with exit 2, nothing written anywhere; --force overwrites', async () => {
    const r = repo();
    await skill(r.dir);
    const edited = join(r.dir, CODEX, 'references', 'hook.md');
    writeFileSync(edited, 'my notes\n');
    const missing = join(r.dir, CLAUDE, 'INDEX.md');
    rmSync(missing);
    const refused = await skill(r.dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${CODEX}/references/hook.md`);
    expect(refused.stderr).toContain('--force');
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(edited, 'utf8')).toBe('my notes\n');
    // All or nothing: the absent file of the other agent was not written either.
    expect(existsSync(missing)).toBe(false);
    const forced = await skill(r.dir, '--force');
    expect(forced.code).toBe(0);
    expect(readFileSync(edited, 'utf8')).toBe(
      readFileSync(packagePath('references', 'hook.md'), 'utf8'),
    );
    expect(existsSync(missing)).toBe(true);
  });

  test('a directory where a skill file belongs is a conflict, not a crash', async () => {
    const r = repo();
    r.write(`${CLAUDE}/SKILL.md/inner.txt`, 'x\n');
    const refused = await skill(r.dir, '--agent', 'claude', '--json');
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stdout).error.problems[0]).toContain(`${CLAUDE}/SKILL.md`);
  });
});
