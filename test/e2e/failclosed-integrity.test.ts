// Fail closed: no verdict is decided from altered evidence or from a ledger that no longer extends
// the committed one. Each case is a real git repository driven through the CLI dispatcher.
import {
  chmodSync,
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hookStopIn, type StopDecision } from '../helpers/hook-stop.ts';
import { makeTempDir } from '../helpers/git-repo.ts';
import { makeGateRepo, nodeArgv, type GateControl, type GateRepo } from '../helpers/gate-repo.ts';

const PASS: GateControl = {
  id: 'tests',
  execution: `{ type: command, argv: ${nodeArgv('console.log("ok")')} }`,
};
const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

function repo(): GateRepo {
  const r = makeGateRepo([PASS]);
  repos.push(r);
  return r;
}

function segmentFile(r: GateRepo): string {
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  const name = readdirSync(dir).find((f) => f.endsWith('.jsonl'));
  if (name === undefined) throw new Error('no segment');
  return join(dir, name);
}

function objectFiles(r: GateRepo): string[] {
  const root = join(r.dir, '.proofgate', 'evidence', 'objects', 'sha256');
  return readdirSync(root).flatMap((d) => readdirSync(join(root, d)).map((f) => join(root, d, f)));
}

const hookStop = (r: GateRepo): Promise<StopDecision> => hookStopIn(r.dir, '--control', 'tests');

async function provenAndCommitted(runs = 1): Promise<GateRepo> {
  const r = repo();
  for (let i = 0; i < runs; i++) expect((await r.run(['evaluate', '--run'])).code).toBe(0);
  r.git('add', '.proofgate/evidence');
  r.git('commit', '-q', '-m', 'evidence');
  expect((await r.run(['claim', '--control', 'tests', '--no-record'])).code).toBe(0);
  return r;
}

describe('altered evidence is never trusted by a verdict', () => {
  it('an evidence object overwritten with other bytes: claim and status exit 3, hook stop blocks', async () => {
    const r = await provenAndCommitted();
    for (const file of objectFiles(r)) {
      chmodSync(file, 0o644);
      writeFileSync(file, 'forged output\n');
    }
    const claim = await r.run(['claim', '--control', 'tests']);
    expect(claim.code).toBe(3);
    expect(claim.err).toMatch(/\.jsonl:1 OBJECT_CORRUPT/);
    expect(claim.out).not.toMatch(/COMPLETED/);
    const status = await r.run(['status']);
    expect(status.code).toBe(3);
    expect(status.err).toContain('OBJECT_CORRUPT');
    const stop = await hookStop(r);
    expect(stop.decision).toBe('block');
    expect(stop.reason).toContain('OBJECT_CORRUPT');
    // The summary printed by evaluate is a verdict too.
    const query = await r.run(['status', '--blockers']);
    expect(query.code).toBe(3);
  });

  it('an object that was deleted: exit 3 OBJECT_MISSING naming the entry', async () => {
    const r = await provenAndCommitted();
    r.git('rm', '-q', '-r', '.proofgate/evidence/objects');
    const claim = await r.run(['claim', '--control', 'tests', '--no-record']);
    expect(claim.code).toBe(3);
    expect(claim.err).toMatch(/\.jsonl:1 OBJECT_MISSING/);
  });
});

describe('a committed ledger line cannot be removed locally', () => {
  it('deleting the last committed line: verify-free claim, status and hook stop all fail closed', async () => {
    const r = await provenAndCommitted(2);
    const file = segmentFile(r);
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    expect(lines).toHaveLength(2);
    writeFileSync(file, `${lines[0]}\n`);
    const claim = await r.run(['claim', '--control', 'tests', '--no-record']);
    expect(claim.code).toBe(3);
    expect(claim.err).toMatch(/\.jsonl:2 HISTORY_REWRITTEN: segment truncated/);
    expect(claim.err).toContain('committed at HEAD');
    expect((await r.run(['status'])).code).toBe(3);
    expect((await r.run(['status', '--readiness'])).code).toBe(3);
    const stop = await hookStop(r);
    expect(stop.decision).toBe('block');
    expect(stop.reason).toContain('HISTORY_REWRITTEN');
  });

  it('deleting a committed segment is a finding; an uncommitted ledger has nothing to prove', async () => {
    const r = await provenAndCommitted();
    r.git('rm', '-q', segmentFile(r));
    const claim = await r.run(['claim', '--control', 'tests', '--no-record']);
    expect(claim.code).toBe(3);
    expect(claim.err).toContain('SEGMENT_DELETED');
    const fresh = repo();
    expect((await fresh.run(['evaluate', '--run'])).code).toBe(0);
    expect((await fresh.run(['claim', '--control', 'tests', '--no-record'])).code).toBe(0);
  });

  it('lines appended after the commit are fine (append-only, not frozen)', async () => {
    const r = await provenAndCommitted();
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    expect((await r.run(['claim', '--control', 'tests', '--no-record'])).code).toBe(0);
  });
});

describe('what is open has one answer', () => {
  it('query blockers lists exactly the blockers claim --scope project refuses with', async () => {
    const r = makeGateRepo([
      PASS,
      { id: 'lint', execution: `{ type: command, argv: ${nodeArgv('process.exit(1)')} }` },
      { id: 'docs', execution: `{ type: command, argv: ${nodeArgv('0')} }` },
    ]);
    repos.push(r);
    expect((await r.run(['evaluate', '--run', '--control', 'tests'])).code).toBe(0);
    await r.run(['evaluate', '--run', '--control', 'lint']);
    const claim = await r.run(['claim', '--scope', 'project', '--no-record', '--json']);
    expect(claim.code).toBe(1);
    const refused = (JSON.parse(claim.out) as { blockers: { control: string; stage: string }[] })
      .blockers;
    const query = await r.run(['status', '--blockers', '--json']);
    const listed = (JSON.parse(query.out) as { items: { control: string; stage: string }[] }).items;
    const key = (b: { control: string; stage: string }) => `${b.control}/${b.stage}`;
    // tests has a PASS but no cross audit: the old view, by headline status, left it out.
    expect(refused.map(key)).toContain('tests/cross');
    expect(listed.map(key).sort()).toEqual(refused.map(key).sort());
  });
});

describe('the evidence store is real directories and regular files inside the repository', () => {
  it('a symlinked objects dir: evaluate --run refuses to write through it, claim and verify exit 3', async () => {
    const r = repo();
    const outside = makeTempDir('proofgate-outside-');
    const objects = join(r.dir, '.proofgate', 'evidence', 'objects');
    mkdirSync(join(r.dir, '.proofgate', 'evidence'), { recursive: true });
    symlinkSync(outside, objects);
    const run = await r.run(['evaluate', '--run']);
    expect(run.code).toBe(3);
    expect(run.err).toContain('.proofgate/evidence/objects is a symlink');
    expect(readdirSync(outside)).toEqual([]);
    // Evidence recorded first, then the store swapped for a symlink to a copy outside.
    rmSync(objects);
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    cpSync(objects, outside, { recursive: true });
    rmSync(objects, { recursive: true, force: true });
    symlinkSync(outside, objects);
    for (const args of [
      ['claim', '--control', 'tests', '--no-record'],
      ['verify', '--full'],
      ['seal', '--archive-id', 'r1'],
    ]) {
      const out = await r.run(args);
      expect(out.code, args.join(' ')).toBe(3);
      expect(out.err).toContain('is a symlink');
      expect(out.err).not.toMatch(/INTERNAL|\n\s+at /);
    }
    rmSync(outside, { recursive: true, force: true });
  });

  it('a directory or a symlink where an object belongs: exit 3 with the path, never EISDIR', async () => {
    const r = repo();
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const [first, second] = objectFiles(r);
    rmSync(first!, { force: true });
    mkdirSync(first!);
    for (const args of [
      ['verify', '--full'],
      ['claim', '--control', 'tests', '--no-record'],
      ['status'],
    ]) {
      const out = await r.run(args);
      expect(out.code, args.join(' ')).toBe(3);
      expect(out.err).toContain('is a directory');
      expect(out.err).not.toContain('EISDIR');
    }
    rmSync(first!, { recursive: true });
    writeFileSync(first!, 'x');
    if (second !== undefined) {
      rmSync(second, { force: true });
      symlinkSync('/etc/hostname', second);
      const out = await r.run(['verify', '--full']);
      expect(out.code).toBe(3);
      expect(out.err).toContain('is a symlink');
    }
  });
});
