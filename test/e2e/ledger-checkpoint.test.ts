// Trusted checkpoints (references/seal.md "Checkpoints"): verdicts verify only what was appended
// after a checkpoint signed by a release authority of the upstream's rules. What an agent can do
// against it, on real git repositories tracking a bare upstream: write a checkpoint itself (its own
// authority, or a key it registers in the working tree), alter the covered lines and commit, put a
// line before the sealed heads, forge the recorded state. `status --json` names the path a verdict
// took; what a checkpoint stands for changing without a commit is checkpoint-unchanged.test.ts.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeState } from '../../scripts/lib/core/ledger/checkpoint.ts';
import { sha256Hex } from '../../scripts/lib/core/hash.ts';
import type { JsonValue } from '../../scripts/lib/core/ledger/types.ts';
import { appendEntry } from '../../scripts/lib/io/ledger/ledger-store.ts';
import { readMetaSubject } from '../../scripts/lib/io/subject/meta-subject.ts';
import { createObjectStore } from '../../scripts/lib/io/ledger/objects.ts';
import { loadPlane } from '../../scripts/lib/io/plane/plane.ts';
import {
  checkpoint,
  CLAIM,
  coveredSegment,
  ledgerDir,
  ledgerRead,
  pushedRepo as pushedRepoIn,
  verdicts,
  type CheckpointRepo,
} from '../helpers/checkpoint-repo.ts';
import type { GateRepo } from '../helpers/gate-repo.ts';
import { hookStopIn } from '../helpers/hook-stop.ts';
import { flipFirstPass } from '../helpers/ledger-tamper.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const pushedRepo = (keyFirst = true): Promise<CheckpointRepo> => pushedRepoIn(cleanups, keyFirst);

/** Flips the first run's PASS to FAIL in place in the covered segment. */
const flipFirstResult = (r: GateRepo): void => flipFirstPass(coveredSegment(r));

describe('a trusted checkpoint', () => {
  it('verdicts start from it (status --json says which) and verify only the suffix', async () => {
    const repo = await pushedRepo();
    await checkpoint(repo);
    const { r } = repo;
    const intact = await r.run(['verify', '--full']);
    expect(intact.code).toBe(0);
    expect(intact.out).toMatch(/checkpoint: verdicts start from \S+-g1\.jsonl:1 \(covers 5 lines/);
    expect(await ledgerRead(r)).toEqual({
      from: 'checkpoint',
      checkpoint: expect.stringMatching(/-g1\.jsonl:1$/) as unknown,
    });
    expect((await verdicts(r)).map((v) => v.code)).not.toContain(3);
  });

  it('the suffix still decides: a FAIL recorded after the checkpoint refuses the claim', async () => {
    const repo = await pushedRepo();
    await checkpoint(repo);
    const { r } = repo;
    writeFileSync(join(r.dir, 'flag'), '');
    expect((await r.run(['evaluate', '--run'])).code).toBe(1);
    rmSync(join(r.dir, 'flag'));
    const claim = await r.run(CLAIM);
    expect(claim.code, claim.out).toBe(1);
    expect(claim.out).toContain('FLAKY');
  });

  it('a covered line altered and committed: exit 3 with the same finding count in verify and every verdict', async () => {
    const repo = await pushedRepo();
    await checkpoint(repo);
    const { r } = repo;
    flipFirstResult(r);
    r.git('commit', '-q', '-am', 'chore: tidy evidence');
    const verify = await r.run(['verify', '--full', '--json']);
    expect(verify.code).toBe(3);
    const { findingCount } = JSON.parse(verify.out) as { findingCount: number };
    expect(findingCount).toBeGreaterThan(0);
    for (const { verb, code, count } of await verdicts(r)) {
      expect(code, verb).toBe(3);
      expect(count, `${verb} finding count`).toBe(findingCount);
    }
    // evaluate reads from the checkpoint too (its flaky marks are verdicts): refused the same way.
    const evaluate = await r.run(['evaluate', '--run', '--json']);
    expect(evaluate.code, evaluate.out).toBe(3);
    const refused = JSON.parse(evaluate.out) as { error: { findingCount?: number } };
    expect(refused.error.findingCount).toBe(findingCount);
  });

  it('evaluate after a checkpoint reads only the suffix, and what it adds keeps it in use', async () => {
    const repo = await pushedRepo();
    await checkpoint(repo);
    const { r } = repo;
    const evaluate = await r.run(['evaluate', '--run']);
    expect(evaluate.code, evaluate.out).toBe(0);
    expect(evaluate.out).toContain('PASS');
    // A new segment and new evidence objects, untracked and then staged, are the suffix.
    expect(await ledgerRead(r)).toMatchObject({ from: 'checkpoint' });
    r.git('add', '-A');
    expect(await ledgerRead(r)).toMatchObject({ from: 'checkpoint' });
    r.git('commit', '-q', '-m', 'evidence');
    expect(await ledgerRead(r)).toMatchObject({ from: 'checkpoint' });
  });

  it('audit of the latest result reads from the checkpoint, refusing an edited prefix as by hash', async () => {
    const repo = await pushedRepo();
    await checkpoint(repo);
    const { r } = repo;
    const run = await r.run(['evaluate', '--run']);
    expect(run.code, run.out).toBe(0);
    const hash = /\[entry ([0-9a-f]{12})\]/.exec(run.out)?.[1];
    expect(hash).toBeDefined();
    const auditor = [
      '--audit-stage',
      'cross',
      '--actor',
      'reviewer',
      '--authority-id',
      'virtual:quality',
    ];
    const context = (n: number): string[] => ['--execution-context', `container:ci-${n}`];
    flipFirstResult(r);
    const byHash = await r.run(['audit', '--review-run', hash!, ...auditor, ...context(1)]);
    expect(byHash.code, byHash.out + byHash.err).toBe(3);
    const refused = await r.run(['audit', '--review-run', 'latest', ...auditor, ...context(2)]);
    expect(refused.code, refused.out + refused.err).toBe(3);
    r.git('checkout', '--', coveredSegment(r));
    const latest = await r.run(['audit', '--review-run', 'latest', ...auditor, ...context(3)]);
    expect(latest.code, latest.out).toBe(0);
    expect(latest.out).toContain('agree');
    expect(await ledgerRead(r)).toMatchObject({ from: 'checkpoint' });
  });

  it('a line put before the sealed heads is refused, committed or not', async () => {
    const repo = await pushedRepo();
    await checkpoint(repo);
    const { r } = repo;
    const path = coveredSegment(r);
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
    // A copy of the last run, placed before the seal that ends the covered segment.
    const forged = [...lines.slice(0, -1), lines.at(-2)!, lines.at(-1)!];
    writeFileSync(path, `${forged.join('\n')}\n`);
    expect((await r.run(CLAIM)).code).toBe(3);
    expect((await hookStopIn(r.dir, '--control', 'tests')).decision).toBe('block');
    r.git('commit', '-q', '-am', 'evidence');
    expect((await r.run(CLAIM)).code).toBe(3);
  });
});

describe('a checkpoint the trusted rules do not vouch for is ignored: the whole ledger is read', () => {
  it("unsigned, by the agent's own authority", async () => {
    const repo = await pushedRepo();
    await checkpoint(repo, 'virtual:developer');
    const verify = await repo.r.run(['verify', '--full']);
    expect(verify.out).toContain('checkpoint: none in use, verdicts read the whole ledger');
    expect(verify.out).toContain('virtual:developer is not a release authority');
    flipFirstResult(repo.r);
    for (const { verb, code } of await verdicts(repo.r)) expect(code, verb).toBe(3);
  });

  it('signed with a release key registered only in an unpushed commit (not in effect)', async () => {
    const repo = await pushedRepo(false);
    await checkpoint(repo);
    const verify = await repo.r.run(['verify', '--full']);
    expect(verify.out).toContain('is not in the manifest');
    flipFirstResult(repo.r);
    for (const { verb, code } of await verdicts(repo.r)) expect(code, verb).toBe(3);
  });

  it('a hand-written checkpoint whose state leaves out a FAIL is CHECKPOINT_INVALID everywhere', async () => {
    const repo = await pushedRepo();
    const { r } = repo;
    writeFileSync(join(r.dir, 'flag'), '');
    expect((await r.run(['evaluate', '--run'])).code).toBe(1);
    rmSync(join(r.dir, 'flag'));
    await checkpoint(repo, 'virtual:developer');
    // The agent's own seal, naming a state of nothing but the segment's last line.
    const plane = loadPlane(r.dir);
    type Seal = {
      body: { heads: Record<string, string>; checkpoint?: { segments: Record<string, JsonValue> } };
    };
    const genuine = readdirSync(ledgerDir(r))
      .filter((f) => /-g\d+\.jsonl$/.test(f))
      .map((f) => JSON.parse(readFileSync(join(ledgerDir(r), f), 'utf8').split('\n')[0]!) as Seal)
      .find((e) => e.body.checkpoint !== undefined)!;
    const covered = genuine.body.checkpoint!;
    const [name] = Object.keys(covered.segments);
    const lines = readFileSync(coveredSegment(r), 'utf8').split('\n').filter(Boolean);
    const state = encodeState([
      { segment: name!, index: lines.length - 1, line: Buffer.from(lines.at(-1)!) },
    ]);
    const digest = await createObjectStore(plane).put(state);
    expect(digest).toBe(sha256Hex(state));
    await appendEntry(
      plane,
      {
        kind: 'seal',
        time: new Date().toISOString(),
        actor: { label: 'agent', authority: 'virtual:developer', context: 'local:agent' },
        subject: await readMetaSubject(plane),
        body: {
          ...genuine.body,
          archive_id: 'cp-forged',
          checkpoint: { ...covered, state: digest, entries: 1 },
        },
      },
      { manifest: plane.manifest },
    );
    const verify = await r.run(['verify', '--full', '--json']);
    expect(verify.code).toBe(3);
    expect(verify.out).toContain('CHECKPOINT_INVALID');
    // CI's check of what a change appended re-computes it too.
    const base = await r.run(['verify', '--base', 'origin/main']);
    expect(base.code).toBe(3);
    expect(base.out).toContain('CHECKPOINT_INVALID');
    const { findingCount } = JSON.parse(verify.out) as { findingCount: number };
    for (const { verb, code, count } of await verdicts(r)) {
      expect(code, verb).toBe(3);
      expect(count, `${verb} finding count`).toBe(findingCount);
    }
  });
});
