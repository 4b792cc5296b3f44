// A subproject plane (scope_mode: subproject, scope.include: [src/**]) judges only its included
// paths plus its own plane: an edit elsewhere stales nothing, an edit inside stales its results.
// Its project claim is granted for the subproject and labelled so; its release claim is refused
// unless the profile declares the subproject releasable. The subject cache keeps scopes apart.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { computeSubjectTree } from '../../scripts/lib/io/subject/subject.ts';
import { commitSubjectTree } from '../../scripts/lib/io/subject/commit-subject.ts';
import { loadPlane } from '../../scripts/lib/io/plane/plane.ts';
import { computeSubject } from '../../scripts/lib/io/subject/subject.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

function subprojectRepo(
  scope = "{ include: ['src/**'], exclude: [] }",
  mode: 'subproject' | 'full_repo' = 'subproject',
): GateRepo {
  const r = makeGateRepo(
    [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('console.log("ok")')} }` }],
    {
      files: {
        'README.md': '# readme\n',
        'docs/guide.md': 'guide\n',
        'vendor/lib.js': 'export const v = 1;\n',
      },
    },
  );
  repos.push(r);
  const manifest = join(r.dir, '.proofgate', 'controls', 'manifest.yaml');
  writeFileSync(
    manifest,
    readFileSync(manifest, 'utf8')
      .replace('scope_mode: full_repo', `scope_mode: ${mode}`)
      .replace("scope: { include: ['**'], exclude: [] }", `scope: ${scope}`)
      .replace(
        /(project|release): \{ required_stages: \[[^\]]*\] \}/g,
        '$1: { required_stages: [self] }',
      ),
  );
  r.commit('subproject plane');
  return r;
}

async function statusOf(r: GateRepo): Promise<string> {
  const status = await r.run(['status', '--json']);
  expect(status.code).toBeLessThan(2);
  const doc = JSON.parse(status.out) as { statuses: { control: string; status: string }[] };
  return doc.statuses.find((s) => s.control === 'tests')?.status ?? 'none';
}

describe('the subject of a subproject plane is its included paths plus the plane', () => {
  it('a README or docs edit outside src/** stales nothing; an edit inside src/** does', async () => {
    const r = subprojectRepo();
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    expect(await statusOf(r)).toBe('PASS');
    writeFileSync(join(r.dir, 'README.md'), '# readme, edited\n');
    writeFileSync(join(r.dir, 'docs/guide.md'), 'guide, edited\n');
    writeFileSync(join(r.dir, 'NEW.txt'), 'untracked, outside\n');
    expect(await statusOf(r)).toBe('PASS');
    expect((await r.run(['claim', '--control', 'tests', '--no-record'])).code).toBe(0);
    r.commit('docs');
    expect(await statusOf(r)).toBe('PASS');
    writeFileSync(join(r.dir, 'src/app.js'), 'export const x = 2;\n');
    expect(await statusOf(r)).toBe('STALE');
    writeFileSync(join(r.dir, 'src/app.js'), 'export const x = 1;\n');
    expect(await statusOf(r)).toBe('PASS');
    writeFileSync(join(r.dir, 'src/new.js'), 'export const y = 1;\n');
    expect(await statusOf(r)).toBe('STALE');
  });

  it('a whole-repository plane still stales on a README edit (the scope is what differs)', async () => {
    const r = makeGateRepo(
      [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('0')} }` }],
      { files: { 'README.md': '# readme\n' } },
    );
    repos.push(r);
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    writeFileSync(join(r.dir, 'README.md'), '# readme, edited\n');
    expect(await statusOf(r)).toBe('STALE');
  });

  it('scope.exclude inside the subproject is left out too', async () => {
    const r = subprojectRepo("{ include: ['src/**'], exclude: ['src/generated/**'] }");
    writeFileSync(join(r.dir, 'src/generated.txt'), 'x\n');
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const plane = loadPlane(r.dir);
    const before = (await computeSubject(plane)).tree;
    writeFileSync(join(r.dir, 'README.md'), 'other\n');
    // a file under the excluded directory: invisible; one beside it: part of the subject
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(r.dir, 'src/generated'));
    writeFileSync(join(r.dir, 'src/generated/out.js'), '1\n');
    expect((await computeSubject(plane)).tree).toBe(before);
    expect(await statusOf(r)).toBe('PASS');
  });

  it('the subject tree of the committed state is the tree a clean working tree binds', async () => {
    const r = subprojectRepo();
    const plane = loadPlane(r.dir);
    const local = (await computeSubject(plane)).tree;
    expect(await commitSubjectTree(plane, r.git('rev-parse', 'HEAD').trim())).toBe(local);
    const listed = r.git('ls-tree', '-r', '--name-only', local).split('\n').filter(Boolean);
    expect(listed).toContain('src/app.js');
    expect(listed).not.toContain('README.md');
    expect(listed).not.toContain('docs/guide.md');
  });
});

describe('the subject cache keeps scopes apart', () => {
  it('the same working tree with and without includes never shares a cached tree', async () => {
    const r = subprojectRepo();
    const excludes = ['.proofgate/evidence/', '.proofgate/knowledge/'];
    const whole = await computeSubjectTree(r.dir, { excludes });
    expect(await computeSubjectTree(r.dir, { excludes })).toBe(whole); // cached now
    const scoped = await computeSubjectTree(r.dir, { excludes, includes: ['src/**'] });
    expect(scoped).not.toBe(whole);
    expect(scoped).toBe(
      await computeSubjectTree(r.dir, { excludes, includes: ['src/**'], cache: false }),
    );
    expect(await computeSubjectTree(r.dir, { excludes })).toBe(whole);
    const other = await computeSubjectTree(r.dir, { excludes, includes: ['docs/**'] });
    expect(other).not.toBe(scoped);
  });
});

describe('project and release claims of a subproject plane', () => {
  it('a project claim is granted for the subproject and labelled so, also in the ledger', async () => {
    const r = subprojectRepo();
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const claim = await r.run(['claim', '--scope', 'project']);
    expect(claim.code).toBe(0);
    expect(claim.out).toMatch(/^PASS \[project: subproject src\/\*\*\]/);
    expect(claim.out).toContain(
      'this plane judges subproject src/** only, the rest of the repository is not judged by it',
    );
    const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
    const lines = readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean));
    const claimEntry = lines
      .map((l) => JSON.parse(l) as { kind: string; body: { subproject?: string[] } })
      .find((e) => e.kind === 'claim');
    expect(claimEntry?.body.subproject).toEqual(['src/**']);
    expect((await r.run(['verify', '--full'])).code).toBe(0);
  });

  it('a release claim is refused (exit 1) naming the plane scope, even with every control PASS', async () => {
    const r = subprojectRepo();
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const claim = await r.run(['claim', '--scope', 'release', '--no-record', '--json']);
    expect(claim.code).toBe(1);
    const doc = JSON.parse(claim.out) as {
      verdict: string;
      blockers: { control: string; reason: string; next: string }[];
    };
    expect(doc.verdict).toMatch(/^REFUSED \[release: subproject src\/\*\*\]/);
    expect(doc.blockers[0]?.control).toBe('(plane scope)');
    expect(doc.blockers[0]?.reason).toContain('scope.releasable');
    // the way forward names commands that exist (there is no `init --update`)
    expect(doc.blockers[0]?.next).toContain('"proofgate init --render"');
    expect(doc.blockers[0]?.next).not.toContain('--update');
    // readiness agrees with claim: merge is ready for the subproject, release is not
    const readiness = await r.run(['status', '--readiness']);
    expect(readiness.out).toMatch(/^NOT READY release .*\(ready: merge\) for subproject src\/\*\*/);
    expect(readiness.out).toContain(
      "(plane scope) [self]: the plane's scope covers subproject src/** (scope.include/scope.exclude) without scope.releasable",
    );
  });

  it('a release claim is granted when the profile declares the subproject releasable', async () => {
    const r = subprojectRepo("{ include: ['src/**'], exclude: [], releasable: true }");
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const claim = await r.run(['claim', '--scope', 'release', '--no-record']);
    expect(claim.code).toBe(0);
    expect(claim.out).toMatch(/^PASS \[release: subproject src\/\*\*\]/);
    expect((await r.run(['status', '--readiness'])).out).toMatch(
      /^READY merge, release .* for subproject/,
    );
  });
});

function claimBody(r: GateRepo): { subproject?: string[] } | undefined {
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean))
    .map((l) => JSON.parse(l) as { kind: string; body: { subproject?: string[] } })
    .find((e) => e.kind === 'claim')?.body;
}

describe('the manifest scope decides what a result binds, whatever scope_mode says', () => {
  it('scope.include: [src/**] in a full_repo profile is a subproject: edits outside stale nothing, its claims name it', async () => {
    const r = subprojectRepo("{ include: ['src/**'], exclude: [] }", 'full_repo');
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    writeFileSync(join(r.dir, 'README.md'), '# readme, edited\n');
    writeFileSync(join(r.dir, 'vendor/lib.js'), 'export const v = 2;\n');
    r.commit('outside the scope');
    expect(await statusOf(r)).toBe('PASS');
    const claim = await r.run(['claim', '--scope', 'project']);
    expect(claim.code, claim.out + claim.err).toBe(0);
    expect(claim.out).toMatch(/^PASS \[project: subproject src\/\*\*\]/);
    expect(claimBody(r)?.subproject).toEqual(['src/**']);
    const release = await r.run(['claim', '--scope', 'release', '--no-record']);
    expect(release.code).toBe(1);
    expect(release.out).toContain('this plane covers subproject src/** only');
    writeFileSync(join(r.dir, 'src/app.js'), 'export const x = 2;\n');
    expect(await statusOf(r)).toBe('STALE');
  });

  it('scope.exclude of a whole-repository plane is left out of every result and named by its claims', async () => {
    const r = subprojectRepo("{ include: ['**'], exclude: ['vendor/'] }", 'full_repo');
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    writeFileSync(join(r.dir, 'vendor/lib.js'), 'export const v = 2;\n');
    writeFileSync(join(r.dir, 'vendor/new.js'), 'export const w = 1;\n');
    expect(await statusOf(r)).toBe('PASS');
    const claim = await r.run(['claim', '--scope', 'project', '--no-record']);
    expect(claim.code, claim.out + claim.err).toBe(0);
    expect(claim.out).toMatch(/^PASS \[project: the repository except vendor\/\]/);
    // `vendor/` is a directory only: a file named vendor is judged like any other
    r.git('rm', '-q', '-r', '--cached', 'vendor');
    const { rmSync } = await import('node:fs');
    rmSync(join(r.dir, 'vendor'), { recursive: true });
    expect(await statusOf(r)).toBe('PASS');
    writeFileSync(join(r.dir, 'vendor'), 'a file, not the directory\n');
    expect(await statusOf(r)).toBe('STALE');
    // the README is inside the plane's scope
    rmSync(join(r.dir, 'vendor'));
    expect(await statusOf(r)).toBe('PASS');
    writeFileSync(join(r.dir, 'README.md'), '# readme, edited\n');
    expect(await statusOf(r)).toBe('STALE');
  });

  it('an exclude of the whole tree is refused at load (exit 2)', async () => {
    const r = subprojectRepo("{ include: ['**'], exclude: ['**'] }", 'full_repo');
    const status = await r.run(['status']);
    expect(status.code).toBe(2);
    expect(status.err).toContain('/scope/exclude/0: "**" excludes the whole repository');
  });

  it("on a branch the base's scope decides: widening scope.exclude to hide a change does not profit", async () => {
    const r = subprojectRepo("{ include: ['**'], exclude: [] }", 'full_repo');
    r.git('update-ref', 'refs/remotes/origin/main', 'HEAD');
    r.git('checkout', '-q', '-b', 'feature');
    // honest path first: an edit, its result, the claim granted under the base's rules
    writeFileSync(join(r.dir, 'src/app.js'), 'export const x = 2;\n');
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    r.commit('honest change');
    const honest = await r.run(['claim', '--control', 'tests', '--base', 'origin/main']);
    expect(honest.code, honest.out + honest.err).toBe(0);
    // now a change hidden by an exclude the same branch adds
    writeFileSync(join(r.dir, 'src/app.js'), 'export const x = 3; // hidden\n');
    const manifest = join(r.dir, '.proofgate', 'controls', 'manifest.yaml');
    writeFileSync(
      manifest,
      readFileSync(manifest, 'utf8').replace(
        "scope: { include: ['**'], exclude: [] }",
        "scope: { include: ['**'], exclude: ['src/app.js'] }",
      ),
    );
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    r.commit('hide it');
    // the base's scope binds src/app.js, so the result is not current
    const refused = await r.run(['claim', '--control', 'tests', '--base', 'origin/main']);
    expect(refused.code, refused.out + refused.err).toBe(1);
    expect(refused.out).toContain('STALE');
    expect(refused.out).toContain('not in effect: scope.exclude: [] -> ["src/app.js"]');
  });
});
