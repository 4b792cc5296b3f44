// The bytes on disk, not what git is told (issue 47, part 4). A task is granted on a pushed tree;
// the agent then writes the bug and makes git see the committed content instead: a clean filter
// (named by `.git/info/attributes`, or by a committed .gitattributes with the driver in
// `.git/config`), or a tracked symlink to a file outside the repository whose target it edits.
// Each must leave the task claim refused and the Stop hook blocking; the honest paths still bind.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { computeSubjectTree } from '../../scripts/lib/io/subject/subject.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';
import { hookStopIn } from '../helpers/hook-stop.ts';
import { pushToOrigin } from '../helpers/upstream-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

// Fails when src/app.js (read through any link) holds the bug.
const TESTS = {
  id: 'tests',
  execution: `{ type: command, argv: ${nodeArgv('process.exit(require("fs").readFileSync("src/app.js", "utf8").includes("BUG") ? 1 : 0)')} }`,
};
const CLAIM = ['claim', '--control', 'tests', '--no-record'];
const GOOD = 'export const x = 1;\n';
const BUG = 'export const x = "BUG";\n';

async function grantedRepo(setup: (r: GateRepo) => void = () => undefined): Promise<GateRepo> {
  const r = makeGateRepo([TESTS]);
  cleanups.push(() => r.remove());
  setup(r);
  expect((await r.run(['evaluate', '--run'])).code).toBe(0);
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'evidence');
  cleanups.push(pushToOrigin(r));
  const granted = await r.run(CLAIM);
  expect(granted.code, granted.out + granted.err).toBe(0);
  expect((await hookStopIn(r.dir)).decision).toBeUndefined();
  return r;
}

async function expectRefusedAndBlocked(r: GateRepo, says: RegExp): Promise<void> {
  const claim = await r.run(CLAIM);
  expect(claim.code, claim.out + claim.err).not.toBe(0);
  expect(claim.out + claim.err).toMatch(says);
  const stop = await hookStopIn(r.dir);
  expect(stop.decision, JSON.stringify(stop)).toBe('block');
  expect(stop.reason).toMatch(says);
}

// A clean filter that serves git the committed content whatever the file holds.
function serveCommitted(r: GateRepo, driver: string): void {
  const committed = join(r.dir, '..', `${driver}-committed.js`);
  writeFileSync(committed, GOOD);
  cleanups.push(() => rmSync(committed, { force: true }));
  r.git('config', `filter.${driver}.clean`, `cat ${committed}`);
  r.git('config', `filter.${driver}.smudge`, 'cat');
}

describe('a clean filter cannot serve git the committed content', () => {
  it('named in .git/info/attributes: the subject is refused as unbindable', async () => {
    const r = await grantedRepo();
    serveCommitted(r, 'hide');
    writeFileSync(join(r.dir, '.git', 'info', 'attributes'), 'src/app.js filter=hide\n');
    r.write('src/app.js', BUG);
    // git itself would now store the committed content for the file.
    expect(r.git('hash-object', 'src/app.js')).toBe(r.git('rev-parse', 'HEAD:src/app.js'));
    await expectRefusedAndBlocked(r, /info\/attributes sets attributes/);
  });

  it('the driver defined in .git/config for a committed .gitattributes: the bytes are bound', async () => {
    const r = await grantedRepo((repo) => {
      repo.write('.gitattributes', 'src/app.js filter=hide\n');
    });
    serveCommitted(r, 'hide');
    r.write('src/app.js', BUG);
    expect(r.git('hash-object', 'src/app.js')).toBe(r.git('rev-parse', 'HEAD:src/app.js'));
    await expectRefusedAndBlocked(r, /no result for the current code/);
  });

  it('the driver defined in a file .git/config includes, under the old [filter.name] form', async () => {
    const r = await grantedRepo((repo) => {
      repo.write('.gitattributes', 'src/app.js filter=hide\n');
    });
    const included = join(r.dir, '..', 'included.gitconfig');
    const committed = join(r.dir, '..', 'hide-committed.js');
    writeFileSync(committed, GOOD);
    writeFileSync(included, `[filter.hide]\n\tclean = cat ${committed}\n`);
    cleanups.push(() => rmSync(included, { force: true }));
    cleanups.push(() => rmSync(committed, { force: true }));
    r.git('config', 'include.path', included);
    r.write('src/app.js', BUG);
    expect(r.git('hash-object', 'src/app.js')).toBe(r.git('rev-parse', 'HEAD:src/app.js'));
    await expectRefusedAndBlocked(r, /no result for the current code/);
  });

  it('honest: a committed .gitattributes without a driver, and comments in info/attributes, bind as before', async () => {
    const r = await grantedRepo((repo) => {
      repo.write('.gitattributes', '*.js text eol=lf\n');
    });
    writeFileSync(join(r.dir, '.git', 'info', 'attributes'), '# nothing here\n\n');
    expect((await r.run(CLAIM)).code).toBe(0);
    r.write('src/app.js', BUG);
    await expectRefusedAndBlocked(r, /no result for the current code/);
  });
});

describe('a symlink to a file outside the repository is refused as unbindable', () => {
  it('a tracked link whose outside target is edited: claim and hook refuse, naming the link', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'pg-outside-'));
    cleanups.push(() => rmSync(outside, { recursive: true, force: true }));
    writeFileSync(join(outside, 'app.js'), GOOD);
    const r = makeGateRepo([TESTS]);
    cleanups.push(() => r.remove());
    rmSync(join(r.dir, 'src', 'app.js'));
    symlinkSync(join(outside, 'app.js'), join(r.dir, 'src', 'app.js'));
    r.git('add', '-A');
    r.git('commit', '-q', '-m', 'link the app');
    const run = await r.run(['evaluate', '--run']);
    expect(run.code, run.out + run.err).toBe(4);
    expect(run.err).toMatch(/symbolic link src\/app\.js leads outside the repository/);
    writeFileSync(join(outside, 'app.js'), BUG);
    await expectRefusedAndBlocked(r, /symbolic link src\/app\.js leads outside the repository/);
  });

  // The listing of a tree's links is kept per tree in the git dir and a new tree's derived from
  // the last one's by git's diff of the two (io/subject/links-cache.ts): every way the agent can
  // change the links after a check, or spoil what was kept, still meets the full check.
  describe('the links kept from an earlier check never hide a new one', () => {
    const STORE = '.git/proofgate-links-cache.json';
    const outsideFile = (): string => {
      const outside = mkdtempSync(join(tmpdir(), 'pg-outside-'));
      cleanups.push(() => rmSync(outside, { recursive: true, force: true }));
      writeFileSync(join(outside, 'app.js'), GOOD);
      return join(outside, 'app.js');
    };
    const stored = (r: GateRepo): { tree: string; links: string[] }[] =>
      (
        JSON.parse(readFileSync(join(r.dir, STORE), 'utf8')) as {
          entries: { tree: string; links: string[] }[];
        }
      ).entries;

    it('a link added after a check without links: claim and hook refuse, naming it', async () => {
      const r = await grantedRepo();
      expect(stored(r).every((entry) => entry.links.length === 0)).toBe(true);
      symlinkSync(outsideFile(), join(r.dir, 'src', 'lib.js'));
      await expectRefusedAndBlocked(r, /symbolic link src\/lib\.js leads outside the repository/);
      // derived from the kept tree's listing, the new tree's holds the link
      expect(stored(r)[0]?.links).toEqual(['src/lib.js']);
    });

    it('a link kept in the listing that is gone from the tree no longer counts', async () => {
      const r = await grantedRepo();
      const link = join(r.dir, 'src', 'lib.js');
      symlinkSync(outsideFile(), link);
      await expectRefusedAndBlocked(r, /symbolic link src\/lib\.js leads outside/);
      rmSync(link);
      writeFileSync(link, GOOD);
      expect((await r.run(CLAIM)).out).not.toMatch(/symbolic link/);
      expect(stored(r)[0]?.links).toEqual([]);
    });

    it('a spoiled store (not JSON, another format, an unknown base tree): the tree is listed in full', async () => {
      for (const spoiled of [
        'not json',
        JSON.stringify({ format: 'other', entries: [] }),
        // a base tree git does not have (pruned, or made up): the diff fails, the listing is full
        JSON.stringify({
          format: 'proofgate-links-cache-v1',
          entries: [{ tree: '0123456789012345678901234567890123456789', links: [] }],
        }),
      ]) {
        const r = await grantedRepo();
        symlinkSync(outsideFile(), join(r.dir, 'src', 'lib.js'));
        writeFileSync(join(r.dir, STORE), spoiled);
        await expectRefusedAndBlocked(r, /symbolic link src\/lib\.js leads outside/);
      }
    });

    it('where a kept link leads is resolved again: a link inside, later pointed outside, is refused', async () => {
      const r = await grantedRepo((repo) => {
        symlinkSync('app.js', join(repo.dir, 'src', 'alias.js'));
      });
      expect(stored(r)[0]?.links).toEqual(['src/alias.js']);
      rmSync(join(r.dir, 'src', 'alias.js'));
      symlinkSync(outsideFile(), join(r.dir, 'src', 'alias.js'));
      await expectRefusedAndBlocked(r, /symbolic link src\/alias\.js leads outside/);
    });
  });

  it('honest: a link inside the repository binds', async () => {
    const r = makeGateRepo([TESTS]);
    cleanups.push(() => r.remove());
    symlinkSync('app.js', join(r.dir, 'src', 'alias.js'));
    await expect(computeSubjectTree(r.dir, { excludes: [] })).resolves.toMatch(/^[0-9a-f]{40}$/);
  });
});

describe('a submodule binds its checked-out commit: work not committed inside it is refused', () => {
  /** A repository of its own, added as the submodule `lib` and committed. */
  function withSubmodule(r: GateRepo): string {
    const source = mkdtempSync(join(tmpdir(), 'pg-sub-'));
    cleanups.push(() => rmSync(source, { recursive: true, force: true }));
    const git = (cwd: string, ...args: string[]) =>
      execFileSync('git', args, { cwd, encoding: 'utf8' });
    git(source, 'init', '-q', '-b', 'main');
    writeFileSync(join(source, 'lib.js'), GOOD);
    git(source, 'add', '-A');
    git(source, '-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-q', '-m', 'lib');
    git(r.dir, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', source, 'lib');
    return join(r.dir, 'lib');
  }

  it('an edit inside the submodule, and an untracked file there: claim and hook refuse, naming it', async () => {
    let lib = '';
    const r = await grantedRepo((repo) => {
      lib = withSubmodule(repo);
    });
    writeFileSync(join(lib, 'lib.js'), BUG);
    await expectRefusedAndBlocked(r, /the submodule lib has changes not committed inside it/);
    execFileSync('git', ['checkout', '-q', '--', 'lib.js'], { cwd: lib });
    expect((await r.run(CLAIM)).code).toBe(0);
    writeFileSync(join(lib, 'new.js'), BUG);
    await expectRefusedAndBlocked(r, /the submodule lib has changes not committed inside it/);
  });
});
