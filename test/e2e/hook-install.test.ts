// `proofgate install --hook` on real git repositories, in process: the committed settings never
// name a path of this machine, SubagentStop is opt-in, --local writes only the local file.
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, relative } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { dispatchCommand } from '../../scripts/cli.ts';
import { packageRoot } from '../../scripts/lib/io/host/package-root.ts';
import { hookCommand } from '../../scripts/lib/core/hook/hook-command.ts';
import { createTestContext } from '../helpers/context.ts';
import { makeRepo, makeTempDir, type TestRepo } from '../helpers/git-repo.ts';

const ENV = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' };

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.remove();
});

function projectRepo(): TestRepo {
  // install reads no plane: any git repository will do.
  const repo = makeRepo({ 'src/app.js': 'module.exports = 1;\n' });
  repos.push(repo);
  return repo;
}

describe('install --hook', () => {
  /** `install --hook <agent>`, for Claude unless the flags name the agent. */
  const install = (dir: string, ...args: string[]) => installOn(ENV, dir, ...args);
  const installOn = async (env: Record<string, string>, dir: string, ...args: string[]) => {
    const ctx = createTestContext({ cwd: dir, env });
    const agent = args.includes('--hook') ? [] : ['--hook', 'claude'];
    const code = await dispatchCommand(['install', ...agent, ...args], ctx);
    return { code, stdout: ctx.stdout(), stderr: ctx.stderr() };
  };
  type Settings = {
    model?: string;
    hooks: Record<string, { hooks: { command: string }[] }[] | undefined>;
  };
  const readJson = (file: string): Settings => JSON.parse(readFileSync(file, 'utf8')) as Settings;

  test('merges into existing Claude settings, idempotently; Stop only by default', async () => {
    const repo = projectRepo();
    const file = join(repo.dir, '.claude', 'settings.json');
    mkdirSync(join(repo.dir, '.claude'));
    writeFileSync(
      file,
      JSON.stringify({
        model: 'x',
        hooks: { Stop: [{ hooks: [{ type: 'command', command: 'other' }] }] },
      }),
    );
    const first = await install(repo.dir, '--hook', 'claude');
    expect(first.code).toBe(0);
    expect(first.stdout.split('\n')[0]).toBe(
      'INSTALLED proofgate stop hook for Stop in .claude/settings.json',
    );
    const settings = readJson(file);
    expect(settings.model).toBe('x');
    expect(settings.hooks.Stop).toHaveLength(2);
    expect(settings.hooks['Stop']![1]!.hooks[0]!.command).toBe(
      hookCommand({ agent: 'claude', placement: 'shared', packageDir: packageRoot() }),
    );
    expect(Object.keys(settings.hooks)).toEqual(['Stop']);
    const bytes = readFileSync(file, 'utf8');
    expect((await install(repo.dir, '--hook', 'claude')).stdout).toMatch(/^UNCHANGED/);
    expect(readFileSync(file, 'utf8')).toBe(bytes);
  });

  test('the package lives elsewhere: no absolute path of this machine in .claude/settings.json', async () => {
    const repo = projectRepo();
    expect(relative(repo.dir, packageRoot()).startsWith('..')).toBe(true);
    // An older install wrote this machine's path; the install must replace it, not keep it.
    const stale = `node "${packageRoot()}/bin/proofgate.js" hook stop --agent claude`;
    repo.write(
      '.claude/settings.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: stale }] }] } }),
    );
    expect((await install(repo.dir, '--subagent')).code).toBe(0);
    const text = readFileSync(join(repo.dir, '.claude', 'settings.json'), 'utf8');
    for (const path of [packageRoot(), repo.dir, tmpdir(), ENV.HOME, realpathSync(repo.dir)]) {
      expect(text).not.toContain(path);
    }
    const commands = [...text.matchAll(/"command": "([^"]*)"/g)].map((m) => m[1]!);
    expect(commands).toHaveLength(2);
    for (const command of commands) expect(command).not.toMatch(/(^|[\s'"=])(\/|~\/)/);
  });

  test.each([
    ['pyproject.toml', '[project]\nname = "x"\n', 'nothing in pyproject.toml'],
    ['Cargo.toml', '[package]\nname = "x"\n', 'nothing in Cargo.toml'],
    ['go.mod', 'module x\n', 'nothing in go.mod'],
    ['package.json', '{}\n', 'a devDependency of the project is not what the hook runs'],
  ])(
    'in a project with %s, the note and the committed message say how to install for it',
    async (file, text, says) => {
      const repo = projectRepo();
      repo.write(file, text);
      const missing = await installOn({ ...ENV, PATH: `/usr/bin${delimiter}/bin` }, repo.dir);
      expect(missing.stdout).toContain(says);
      const command = readJson(join(repo.dir, '.claude', 'settings.json')).hooks['Stop']?.[0]
        ?.hooks[0]?.command;
      expect(command).toContain(says);
      // installing writes no npm file into a project that is not an npm project
      if (file !== 'package.json')
        for (const npm of ['package.json', 'package-lock.json', '.npmignore'])
          expect(existsSync(join(repo.dir, npm)), npm).toBe(false);
    },
  );

  test('no per-user proofgate on the PATH: installed, with a note saying how to install it', async () => {
    const repo = projectRepo();
    // The project's own node_modules/.bin does not count: the project can rewrite it.
    const shim = join(repo.dir, 'node_modules', '.bin');
    mkdirSync(shim, { recursive: true });
    writeFileSync(join(shim, 'proofgate'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const bare = { PATH: `${shim}${delimiter}/usr/bin${delimiter}/bin` };
    const missing = await installOn({ ...ENV, ...bare }, repo.dir);
    expect(missing.stdout).toContain('note: no proofgate on your PATH outside this project');
    expect(missing.stdout).toContain('npm install --global <path>/proofgate-<version>.tgz');
    expect(missing.stdout).not.toMatch(/npm install --global proofgate\b/);
    // the installed command fails closed: the note says so, not that the hook never blocks
    expect(missing.stdout).toContain('until then the hook blocks every stop');
    // A proofgate outside the project on the PATH: no note.
    const user = makeTempDir('pg-user-bin-');
    writeFileSync(join(user, 'proofgate'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const onPath = { PATH: `${user}${delimiter}/usr/bin${delimiter}/bin` };
    const found = await installOn({ ...ENV, ...onPath }, repo.dir);
    expect(found.stdout).not.toContain('note:');
  });

  test('SubagentStop is opt-in, and a later install without --subagent takes it out again', async () => {
    const repo = projectRepo();
    const file = join(repo.dir, '.claude', 'settings.json');
    await install(repo.dir);
    expect(readJson(file).hooks.SubagentStop).toBeUndefined();
    const opted = await install(repo.dir, '--subagent');
    expect(opted.stdout.split('\n')[0]).toContain('for SubagentStop');
    expect(Object.keys(readJson(file).hooks)).toEqual(['Stop', 'SubagentStop']);
    const back = await install(repo.dir);
    expect(back.stdout).toContain('removed from SubagentStop');
    expect(Object.keys(readJson(file).hooks)).toEqual(['Stop']);
  });

  test("--local: this machine's path goes only to .claude/settings.local.json", async () => {
    const repo = projectRepo();
    const local = await install(repo.dir, '--local');
    expect(local.code).toBe(0);
    const settings = readJson(join(repo.dir, '.claude', 'settings.local.json'));
    expect(settings.hooks['Stop']![0]!.hooks[0]!.command).toContain(
      `${packageRoot()}/bin/proofgate.js`,
    );
    expect(existsSync(join(repo.dir, '.claude', 'settings.json'))).toBe(false);
    expect(local.stdout).toContain('is not ignored by git');
    repo.write('.gitignore', '.claude/settings.local.json\n');
    expect((await install(repo.dir, '--local')).stdout).not.toContain('not ignored');
  });

  test('--local with Codex is refused: exit 2, nothing written', async () => {
    const repo = projectRepo();
    const refused = await install(repo.dir, '--hook', 'codex', '--local');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--local is not available for --agent codex');
    expect(existsSync(join(repo.dir, '.codex'))).toBe(false);
  });

  test('Codex: writes .codex/hooks.json; an unparsable file is refused with exit 2 and left alone', async () => {
    const repo = projectRepo();
    expect((await install(repo.dir, '--hook', 'codex')).code).toBe(0);
    const hooks = readJson(join(repo.dir, '.codex', 'hooks.json'));
    expect(Object.keys(hooks.hooks)).toEqual(['Stop']);
    expect(hooks.hooks['Stop']![0]!.hooks[0]!.command).toBe(
      hookCommand({ agent: 'codex', placement: 'shared', packageDir: packageRoot() }),
    );
    writeFileSync(join(repo.dir, '.codex', 'hooks.json'), '{ broken');
    const refused = await install(repo.dir, '--hook', 'codex');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('not valid JSON');
    expect(readFileSync(join(repo.dir, '.codex', 'hooks.json'), 'utf8')).toBe('{ broken');
  });
});
