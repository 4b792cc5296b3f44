// proofgate's own files in a project with a granted claim: installing the skill (its folders, the
// .npmignore and .prettierignore lines it adds) and the Stop hook (.claude/settings.json,
// .codex/hooks.json) leaves every result current and the claim granted, committed or not, and
// widens no task; any line or key that is not exactly proofgate's stays bound, so nothing hides there.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

// An npm package (not private, no "files": the skill install writes .npmignore lines) that uses
// prettier (it writes .prettierignore lines), with settings of its own for Claude Code.
function project(): GateRepo {
  const r = makeGateRepo(
    [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('console.log("ok")')} }` }],
    {
      files: {
        'package.json': '{\n  "name": "demo",\n  "version": "1.0.0"\n}\n',
        '.npmignore': 'node_modules/\n',
        '.prettierrc': '{}\n',
        '.claude/settings.json': '{\n  "permissions": {\n    "allow": ["Bash(ls)"]\n  }\n}\n',
      },
    },
  );
  repos.push(r);
  const manifest = join(r.dir, '.proofgate', 'controls', 'manifest.yaml');
  writeFileSync(
    manifest,
    readFileSync(manifest, 'utf8').replace(
      /(project|release): \{ required_stages: \[[^\]]*\] \}/g,
      '$1: { required_stages: [self] }',
    ),
  );
  r.commit('self stages');
  return r;
}

async function statusOf(r: GateRepo): Promise<string> {
  const doc = JSON.parse((await r.run(['status', '--json'])).out) as {
    statuses: { control: string; status: string }[];
  };
  return doc.statuses.find((s) => s.control === 'tests')?.status ?? 'none';
}

async function granted(r: GateRepo): Promise<void> {
  expect((await r.run(['evaluate', '--run'])).code).toBe(0);
  const claim = await r.run(['claim', '--scope', 'project']);
  expect(claim.code, claim.out + claim.err).toBe(0);
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'evidence and claim');
}

async function install(r: GateRepo): Promise<void> {
  for (const args of [['--skill'], ['--hook', 'claude'], ['--hook', 'codex']]) {
    const done = await r.run(['install', ...args], { PATH: '/usr/bin:/bin' });
    expect(done.code, done.out + done.err).toBe(0);
  }
}

describe("proofgate's own files stale nothing", () => {
  it('installing the skill and the hook into a project with a granted claim leaves it granted', async () => {
    const r = project();
    await granted(r);
    await install(r);
    // proofgate did write into the project's files
    expect(readFileSync(join(r.dir, '.npmignore'), 'utf8')).toContain('.claude/skills/proofgate/');
    expect(readFileSync(join(r.dir, '.prettierignore'), 'utf8')).toContain('.agents/skills/');
    expect(readFileSync(join(r.dir, '.claude/settings.json'), 'utf8')).toContain('hook stop');
    expect(readFileSync(join(r.dir, '.codex/hooks.json'), 'utf8')).toContain('hook stop');
    expect(await statusOf(r)).toBe('PASS');
    expect((await r.run(['claim', '--scope', 'project', '--no-record'])).code).toBe(0);
    // the task made since the last claim covers nothing: no file of the project changed
    const task = await r.run(['claim', '--no-record', '--json']);
    // (the claim lists the working tree's uncommitted files as they are; the task is what counts)
    const { uncommitted, ...verdict } = JSON.parse(task.out) as Record<string, unknown>;
    expect(JSON.stringify(uncommitted)).toContain('.npmignore');
    expect(JSON.stringify(verdict)).not.toContain('.npmignore');
    expect(JSON.stringify(verdict)).not.toContain('settings.json');
    r.git('add', '-A');
    r.git('commit', '-q', '-m', 'skill and hook');
    expect(await statusOf(r)).toBe('PASS');
    const after = await r.run(['claim', '--scope', 'project', '--no-record']);
    expect(after.code, after.out + after.err).toBe(0);
  });

  it("a line or handler that is not exactly proofgate's stays bound", async () => {
    const r = project();
    await install(r);
    r.git('add', '-A');
    r.git('commit', '-q', '-m', 'skill and hook');
    await granted(r);
    expect(await statusOf(r)).toBe('PASS');
    const ignore = join(r.dir, '.npmignore');
    const clean = readFileSync(ignore, 'utf8');
    // a line dressed like proofgate's, under its comment, naming the project's code
    appendFileSync(ignore, '# proofgate: its own files are not part of the package\nsrc/\n');
    expect(await statusOf(r)).toBe('STALE');
    writeFileSync(ignore, clean);
    expect(await statusOf(r)).toBe('PASS');
    // the hook's command edited (a hook that no longer gates): bound
    const settings = join(r.dir, '.claude/settings.json');
    const hook = readFileSync(settings, 'utf8');
    writeFileSync(
      settings,
      hook.replace('command proofgate hook stop', 'true; : proofgate hook stop'),
    );
    expect(await statusOf(r)).toBe('STALE');
    writeFileSync(settings, hook);
    expect(await statusOf(r)).toBe('PASS');
    // a key of the project's own beside the hook: bound
    writeFileSync(
      settings,
      hook.replace('"hooks"', '"env": { "NODE_OPTIONS": "--require ./x.js" },\n  "hooks"'),
    );
    expect(await statusOf(r)).toBe('STALE');
  });
});
