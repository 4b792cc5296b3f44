// What a trusted checkpoint stands for and a verdict starting from it does not read (the covered
// segments, the evidence objects the covered lines name) must be unchanged, or the verdict reads
// the whole ledger and reports what `verify --full` reports (io/ledger/checkpoint-unchanged.ts). What an
// agent can do without a commit the checkpoint's blob ids would show: edit a covered line in the
// working tree, stage the edit, hide it behind an index flag, delete the segment; rewrite the evidence object of a
// superseded run (one the checkpoint's state does not keep), in the working tree or in a commit
// since the upstream. `verify --base` proves the same of the objects the base lines name.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkpoint,
  coveredSegment,
  ledgerRead,
  pushedRepo,
  verdicts,
  type CheckpointRepo,
} from '../helpers/checkpoint-repo.ts';
import type { GateRepo } from '../helpers/gate-repo.ts';
import { flipFirstPass } from '../helpers/ledger-tamper.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

async function checkpointed(): Promise<CheckpointRepo> {
  const repo = await pushedRepo(cleanups);
  await checkpoint(repo);
  expect(await ledgerRead(repo.r)).toMatchObject({ from: 'checkpoint' });
  return repo;
}

/** Every verdict exits 3 naming the finding count `verify --full` reports; the reason is named. */
async function refusedAsVerifyFull(r: GateRepo, why: RegExp): Promise<void> {
  const verify = await r.run(['verify', '--full', '--json']);
  expect(verify.code, verify.out).toBe(3);
  const { findingCount } = JSON.parse(verify.out) as { findingCount: number };
  for (const { verb, code, count } of await verdicts(r)) {
    expect(code, verb).toBe(3);
    expect(count, `${verb} finding count`).toBe(findingCount);
  }
  const described = await r.run(['verify', '--full']);
  expect(described.out).toContain('checkpoint: none in use, verdicts read the whole ledger');
  expect(described.out).toMatch(why);
}

/** The evidence objects of the covered segment's first run that no other line names. */
function supersededObjects(r: GateRepo): string[] {
  const lines = readFileSync(coveredSegment(r), 'utf8').split('\n').filter(Boolean);
  const objectsOf = (line: string): string[] =>
    (JSON.parse(line) as { storage: { objects: string[] } }).storage.objects;
  const firstRun = lines.findIndex((line) => line.includes('"kind":"run"'));
  const elsewhere = new Set(lines.filter((_, i) => i !== firstRun).flatMap(objectsOf));
  const own = objectsOf(lines[firstRun]!).filter((digest) => !elsewhere.has(digest));
  expect(own.length).toBeGreaterThan(0);
  return own;
}

function objectPath(r: GateRepo, digest: string): string {
  const dir = join(r.dir, '.proofgate', 'evidence', 'objects', 'sha256', digest.slice(0, 2));
  const name = readdirSync(dir).find((file) => file.startsWith(digest));
  expect(name, digest).toBeDefined();
  return join(dir, name!);
}

describe('a covered segment changed without a commit', () => {
  it('edited in the working tree', async () => {
    const { r } = await checkpointed();
    flipFirstPass(coveredSegment(r));
    await refusedAsVerifyFull(r, /differs from HEAD in the working tree/);
  });

  it('edited and staged', async () => {
    const { r } = await checkpointed();
    flipFirstPass(coveredSegment(r));
    r.git('add', '-A');
    await refusedAsVerifyFull(r, /differs from HEAD in the working tree/);
  });

  it.each(['--assume-unchanged', '--skip-worktree'])(
    'edited behind the index flag %s',
    async (flag) => {
      const { r } = await checkpointed();
      r.git('update-index', flag, coveredSegment(r));
      flipFirstPass(coveredSegment(r));
      await refusedAsVerifyFull(r, /differs from HEAD in the working tree/);
    },
  );

  it('deleted', async () => {
    const { r } = await checkpointed();
    rmSync(coveredSegment(r));
    await refusedAsVerifyFull(r, /main\.jsonl is missing/);
  });
});

describe("the evidence object of a superseded run (not in the checkpoint's state) rewritten", () => {
  it('in the working tree', async () => {
    const { r } = await checkpointed();
    for (const digest of supersededObjects(r)) writeFileSync(objectPath(r, digest), 'forged\n');
    await refusedAsVerifyFull(r, /differs from HEAD in the working tree/);
  });

  it('in a commit since the upstream', async () => {
    const { r } = await checkpointed();
    for (const digest of supersededObjects(r)) writeFileSync(objectPath(r, digest), 'forged\n');
    r.git('commit', '-q', '-am', 'chore: tidy evidence');
    await refusedAsVerifyFull(r, /was rewritten since/);
  });
});

describe('verify --base (what CI runs on a pull request) and a rewritten evidence object', () => {
  it('reports a committed rewrite since the base as OBJECT_CORRUPT at its path', async () => {
    const { r } = await pushedRepo(cleanups);
    const [digest] = supersededObjects(r);
    const before = await r.run(['verify', '--base', 'origin/main']);
    expect(before.code, before.out).toBe(0);
    writeFileSync(objectPath(r, digest!), 'forged\n');
    r.git('commit', '-q', '-am', 'chore: tidy evidence');
    const verify = await r.run(['verify', '--base', 'origin/main', '--json']);
    expect(verify.code, verify.out).toBe(3);
    const { findings } = JSON.parse(verify.out) as { findings: { file: string; code: string }[] };
    expect(findings).toEqual([
      expect.objectContaining({ code: 'OBJECT_CORRUPT', file: expect.stringContaining(digest!) }),
    ]);
    // The claim CI runs next reads the whole ledger and refuses it too.
    expect(
      (await r.run(['claim', '--scope', 'project', '--base', 'origin/main', '--no-record'])).code,
    ).toBe(3);
  });

  it('reports an object deleted since the base as OBJECT_MISSING at its path', async () => {
    const { r } = await pushedRepo(cleanups);
    const [digest] = supersededObjects(r);
    r.git('rm', '-q', objectPath(r, digest!));
    r.git('commit', '-q', '-m', 'chore: drop an object');
    const verify = await r.run(['verify', '--base', 'origin/main', '--json']);
    expect(verify.code, verify.out).toBe(3);
    const { findings } = JSON.parse(verify.out) as { findings: { file: string; code: string }[] };
    expect(findings).toEqual([
      expect.objectContaining({ code: 'OBJECT_MISSING', file: expect.stringContaining(digest!) }),
    ]);
  });
});
