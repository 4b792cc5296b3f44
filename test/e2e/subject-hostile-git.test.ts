// What the gated agent can set in git (index flags, config, environment, exclude files) never hides
// a change from the subject binding nor breaks the verdict: for each trick, a PASS is recorded,
// then a breaking edit is made together with the trick, and claim and status must say STALE.
import { chmodSync, cpSync, mkdirSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.ts';
import { hookStopIn } from '../helpers/hook-stop.ts';
import { makeTempDir } from '../helpers/git-repo.ts';
import { makeGateRepo, nodeArgv, registryYaml, type GateRepo } from '../helpers/gate-repo.ts';

const repos: GateRepo[] = [];
afterAll(() => repos.forEach((r) => r.remove()));

// Fails when src/app.js says BROKEN or a file src/evil.js exists (a file a test runner would load).
const CHECK = nodeArgv(
  "const fs=require('fs');process.exit(fs.readFileSync('src/app.js','utf8').includes('BROKEN')||fs.existsSync('src/evil.js')?1:0)",
);

async function provenRepo(
  files: Record<string, string> = {},
  outputs?: string[],
): Promise<GateRepo> {
  const tests = { id: 'tests', execution: `{ type: command, argv: ${CHECK} }` };
  const r = makeGateRepo([outputs === undefined ? tests : { ...tests, outputs }], {
    files: { '.gitignore': 'dist/\n', 'src/util.js': 'export const u = 1;\n', ...files },
  });
  repos.push(r);
  expect((await r.run(['evaluate', '--run', '--control', 'tests'])).code).toBe(0);
  r.commit('evidence');
  expect((await r.run(['claim', '--control', 'tests'])).code).toBe(0);
  return r;
}

const HOME = process.env['HOME'] ?? '/tmp';

/** claim and status through the real CLI, in a process whose environment holds `env`. */
function expectStale(r: GateRepo, env: Record<string, string> = {}, named?: string): void {
  const claim = spawnCli(['claim', '--control', 'tests', '--root', r.dir], r.dir, {
    HOME,
    ...env,
  });
  expect(claim.stderr).toBe('');
  expect(claim.code).toBe(1);
  expect(claim.stdout).toContain('STALE');
  const status = spawnCli(['status', '--control', 'tests', '--json', '--root', r.dir], r.dir, {
    HOME,
    ...env,
  });
  const out = JSON.parse(status.stdout) as { statuses: { status: string; reason: string }[] };
  expect(out.statuses[0]!.status).toBe('STALE');
  if (named !== undefined) expect(out.statuses[0]!.reason).toContain(named);
}

const breakApp = (r: GateRepo): void => r.write('src/app.js', 'export const x = "BROKEN";\n');

describe('index flags never hide an edit', () => {
  for (const flag of ['--skip-worktree', '--assume-unchanged']) {
    it(`${flag} on the edited file: STALE, and the file is named`, async () => {
      const r = await provenRepo();
      breakApp(r);
      r.git('update-index', flag, 'src/app.js');
      expect(r.git('status', '--porcelain')).not.toContain('src/app.js');
      expectStale(r, {}, 'src/app.js');
      const stop = await hookStopIn(r.dir, '--control', 'tests');
      expect(stop.decision).toBe('block');
      expect(stop.reason).toContain('uncommitted changes: src/app.js');
    });
  }

  it('a flagged file deleted from disk counts as deleted', async () => {
    const r = await provenRepo();
    r.git('update-index', '--skip-worktree', 'src/util.js');
    unlinkSync(join(r.dir, 'src/util.js'));
    expect(r.git('status', '--porcelain')).not.toContain('src/util.js');
    expectStale(r, {}, 'src/util.js');
  });
});

describe('git configuration never hides an edit nor breaks the verdict', () => {
  it('core.bare true', async () => {
    const r = await provenRepo();
    breakApp(r);
    r.git('config', 'core.bare', 'true');
    expectStale(r, {}, 'src/app.js');
  });

  it('core.worktree pointing at a pristine copy', async () => {
    const r = await provenRepo();
    const copy = makeTempDir('proofgate-pristine-');
    cpSync(r.dir, copy, { recursive: true, filter: (p) => !p.includes('/.git') });
    breakApp(r);
    r.git('config', 'core.worktree', copy);
    expectStale(r, {}, 'src/app.js');
  });

  it('info/exclude and core.excludesFile hiding a new file', async () => {
    const r = await provenRepo();
    r.write('src/evil.js', 'evil\n');
    writeFileSync(join(r.dir, '.git/info/exclude'), 'src/evil.js\n');
    expectStale(r, {}, 'src/evil.js');
    writeFileSync(join(r.dir, '.git/info/exclude'), '');
    const ignore = join(r.dir, '.git/global-ignore');
    writeFileSync(ignore, 'evil.js\n');
    r.git('config', 'core.excludesFile', ignore);
    expectStale(r, {}, 'src/evil.js');
  });

  it('status.showUntrackedFiles=no and the untracked cache with an old directory date', async () => {
    const r = await provenRepo();
    r.git('config', 'status.showUntrackedFiles', 'no');
    r.git('config', 'core.untrackedCache', 'true');
    r.git('config', 'core.trustctime', 'false');
    r.git('update-index', '--untracked-cache');
    r.git('-c', 'status.showUntrackedFiles=all', 'status');
    const old = new Date(Date.now() - 3600_000);
    utimesSync(join(r.dir, 'src'), old, old);
    r.git('-c', 'status.showUntrackedFiles=all', 'status');
    r.write('src/evil.js', 'evil\n');
    utimesSync(join(r.dir, 'src'), old, old);
    expectStale(r, {}, 'src/evil.js');
  });

  it('core.fsmonitor answering "nothing changed"', async () => {
    const r = await provenRepo();
    const hook = join(r.dir, '.git/fsmonitor.sh');
    writeFileSync(hook, '#!/bin/sh\nprintf "tok\\0"\n');
    chmodSync(hook, 0o755);
    r.git('config', 'core.fsmonitor', hook);
    r.git('update-index', '--fsmonitor');
    r.git('status');
    r.git('status');
    breakApp(r);
    expectStale(r, {}, 'src/app.js');
  });

  it('.proofgate/evidence listed in info/exclude: evidence still counts, edits still stale', async () => {
    const r = await provenRepo();
    writeFileSync(join(r.dir, '.git/info/exclude'), '.proofgate/evidence\n');
    expect((await r.run(['evaluate', '--run', '--control', 'tests'])).code).toBe(0);
    expect((await r.run(['claim', '--control', 'tests'])).code).toBe(0);
    breakApp(r);
    expectStale(r, {}, 'src/app.js');
  });
});

describe('GIT_* variables in the environment never redirect the binding', () => {
  it('GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE and GIT_OBJECT_DIRECTORY of a pristine clone', async () => {
    const r = await provenRepo();
    const clone = makeTempDir('proofgate-clone-');
    r.git('clone', '-q', r.dir, clone);
    breakApp(r);
    expectStale(
      r,
      {
        GIT_DIR: join(clone, '.git'),
        GIT_WORK_TREE: clone,
        GIT_INDEX_FILE: join(clone, '.git/index'),
        GIT_OBJECT_DIRECTORY: join(clone, '.git/objects'),
        GIT_CONFIG_COUNT: '1',
        GIT_CONFIG_KEY_0: 'core.worktree',
        GIT_CONFIG_VALUE_0: clone,
      },
      'src/app.js',
    );
  });
});

describe('verdicts that used to stop with exit 4', () => {
  it('thousands of untracked files beside an ignored dist/ declared as outputs', async () => {
    const r = await provenRepo({}, ['dist/']);
    mkdirSync(join(r.dir, 'dist'));
    writeFileSync(join(r.dir, 'dist/out.js'), 'built\n');
    for (let i = 0; i < 2500; i++) r.write(`gen/f${i}.txt`, `${i}\n`);
    breakApp(r);
    expectStale(r, {}, 'gen/f0.txt');
  });

  it("a control's outputs glob over an ignored directory", async () => {
    const r = makeGateRepo(
      [{ id: 'tests', execution: `{ type: command, argv: ${CHECK} }`, outputs: ['dist/**'] }],
      { files: { '.gitignore': 'dist/\n' } },
    );
    repos.push(r);
    r.write('dist/out.js', 'built\n');
    expect((await r.run(['evaluate', '--run', '--control', 'tests'])).code).toBe(0);
    r.commit('evidence');
    expect((await r.run(['claim', '--control', 'tests'])).code).toBe(0);
    breakApp(r);
    expectStale(r, {}, 'src/app.js');
  });
});

describe('outputs never take a tracked file out of the subject', () => {
  it('claim and status refuse, naming the control and the path', () => {
    const repo = makeGateRepo(
      [{ id: 'tests', execution: `{ type: command, argv: ${CHECK} }`, outputs: ['src/*.js'] }],
      { files: { 'src/util.js': 'export const u = 1;\n' } },
    );
    repos.push(repo);
    for (const verb of [['claim', '--control', 'tests'], ['status']]) {
      const run = spawnCli([...verb, '--root', repo.dir], repo.dir, { HOME });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(
        'control tests outputs match tracked file(s): src/app.js, src/util.js',
      );
    }
    // staged only (tracked in the index, not at HEAD) counts as tracked too
    repo.write('gen/new.js', 'n\n');
    repo.git('add', 'gen/new.js');
    repo.write(
      '.proofgate/controls/registry.yaml',
      registryYaml([
        { id: 'tests', execution: `{ type: command, argv: ${CHECK} }`, outputs: ['gen/'] },
      ]),
    );
    const staged = spawnCli(['claim', '--control', 'tests', '--root', repo.dir], repo.dir, {
      HOME,
    });
    expect(staged.code).toBe(2);
    expect(staged.stderr).toContain('match tracked file(s): gen/new.js');
  });
});

describe("the excluded plane paths hold only proofgate's own files", () => {
  for (const path of ['.proofgate/knowledge/foo.test.js', '.proofgate/evidence/x.py']) {
    it(`${path} is bound: STALE and named`, async () => {
      const r = await provenRepo();
      r.write(path, 'code\n');
      expectStale(r, {}, path);
    });
  }
});
