// A claim binds the working tree as it is on disk, not a commit: a granted claim over files no
// commit holds says so (human line, --json `uncommitted`, the claim entry), and a release claim,
// which ships a commit, is refused over them, however git is told to look away.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

/** One passing control; every claim scope needs only the self stage. */
function repo(): GateRepo {
  const r = makeGateRepo([
    { id: 'tests', execution: `{ type: command, argv: ${nodeArgv('console.log("ok")')} }` },
  ]);
  repos.push(r);
  const manifest = join(r.dir, '.proofgate', 'controls', 'manifest.yaml');
  writeFileSync(
    manifest,
    readFileSync(manifest, 'utf8').replace(
      /(project|release): \{ required_stages: \[[^\]]*\] \}/g,
      '$1: { required_stages: [self] }',
    ),
  );
  r.commit('self only');
  return r;
}

interface ClaimJson {
  granted: boolean;
  verdict: string;
  uncommitted?: { head?: string; modified: string[]; untracked: string[] };
  blockers: { control: string; reason: string; next?: string }[];
}

function claimEntries(r: GateRepo): { body: Record<string, unknown> }[] {
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  return readdirSync(dir)
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean))
    .map((l) => JSON.parse(l) as { kind: string; body: Record<string, unknown> })
    .filter((e) => e.kind === 'claim');
}

describe('a granted claim over uncommitted files says so', () => {
  it('names the files (human and --json) and the claim entry records them', async () => {
    const r = repo();
    const head = r.git('rev-parse', 'HEAD').trim();
    r.write('src/app.js', 'export const x = 2;\n');
    r.write('src/new.js', 'export const y = 1;\n');
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const human = await r.run(['claim', '--control', 'tests']);
    expect(human.code).toBe(0);
    const lines = human.out.split('\n');
    expect(lines[0]).toMatch(/^COMPLETED \[task\]/);
    expect(lines[1]).toBe(
      `  granted on the working tree, not on a commit (HEAD is commit ${head.slice(0, 7)}): 1 modified (src/app.js), 1 untracked (src/new.js) not committed; commit exactly these and the claim binds that commit's tree`,
    );
    const json = JSON.parse(
      (await r.run(['claim', '--control', 'tests', '--json'])).out,
    ) as ClaimJson;
    expect(json.granted).toBe(true);
    // the ledger the run wrote is evidence, never "uncommitted code"
    expect(json.uncommitted).toEqual({ head, modified: ['src/app.js'], untracked: ['src/new.js'] });
    const recorded = claimEntries(r);
    expect(recorded.map((e) => e.body['uncommitted'])).toEqual([
      { head, modified: 1, untracked: 1 },
      { head, modified: 1, untracked: 1 },
    ]);
  });

  it('an uncommitted registry edit is named too: its digest was judged, not a commit', async () => {
    const r = repo();
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const registry = join(r.dir, '.proofgate', 'controls', 'registry.yaml');
    // a comment: the parsed registry (and so every result) is unchanged, the file is not committed
    writeFileSync(registry, `${readFileSync(registry, 'utf8')}# reviewed\n`);
    const claimed = await r.run(['claim', '--control', 'tests', '--no-record', '--json']);
    expect(claimed.code).toBe(0);
    expect((JSON.parse(claimed.out) as ClaimJson).uncommitted).toMatchObject({
      modified: ['.proofgate/controls/registry.yaml'],
      untracked: [],
    });
  });

  it('says nothing once the code is committed (uncommitted evidence is not code)', async () => {
    const r = repo();
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const human = await r.run(['claim', '--control', 'tests']);
    expect(human.code).toBe(0);
    expect(human.out).not.toContain('granted on the working tree');
    const json = JSON.parse(
      (await r.run(['claim', '--control', 'tests', '--json'])).out,
    ) as ClaimJson;
    expect(json.uncommitted).toBeUndefined();
    expect(claimEntries(r).every((e) => e.body['uncommitted'] === undefined)).toBe(true);
  });
});

describe('a release binds a commit', () => {
  it('is refused over uncommitted files, and granted once they are committed', async () => {
    const r = repo();
    r.write('src/app.js', 'export const x = 2;\n');
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const project = await r.run(['claim', '--scope', 'project', '--no-record']);
    expect(project.code).toBe(0);
    const refused = await r.run(['claim', '--scope', 'release', '--no-record']);
    expect(refused.code).toBe(1);
    expect(refused.out.split('\n')[0]).toBe(
      'REFUSED [release] a release binds a commit: 1 file(s) in the judged tree are not committed',
    );
    expect(refused.out).toContain('next: git add -- src/app.js && git commit');
    // every view of the release agrees with claim
    const query = await r.run(['status', '--blockers', '--scope', 'release', '--json']);
    expect(JSON.stringify(JSON.parse(query.out))).toContain('working-tree');
    r.commit('the change');
    const granted = await r.run(['claim', '--scope', 'release', '--no-record']);
    expect(granted.out.split('\n')[0]).toMatch(/^PASS \[release\]/);
    expect(granted.code).toBe(0);
  });

  it('an edit hidden with assume-unchanged or a file ignored only in .git/info/exclude still refuses', async () => {
    const r = repo();
    r.write('src/app.js', 'export const x = 3;\n');
    r.git('update-index', '--assume-unchanged', 'src/app.js');
    r.write('src/extra.js', 'export const z = 1;\n');
    writeFileSync(join(r.dir, '.git', 'info', 'exclude'), 'src/extra.js\n');
    expect(r.git('status', '--porcelain').trim()).toBe('');
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const claimed = await r.run(['claim', '--scope', 'release', '--no-record', '--json']);
    expect(claimed.code).toBe(1);
    const json = JSON.parse(claimed.out) as ClaimJson;
    expect(json.uncommitted).toMatchObject({
      modified: ['src/app.js'],
      untracked: ['src/extra.js'],
    });
    expect(json.blockers.map((b) => b.control)).toEqual(['working-tree']);
  });
});
