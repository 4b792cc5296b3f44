// "Latest" is ledger order, never the writer's clock. The control runs a tool outside the
// repository, so its outcome changes while the code (and so the binding) stays the same: a result
// recorded later in the ledger decides whatever date its writer put on the earlier one, and two
// results from branches that never saw each other are a CONFLICT until a re-run after both.
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../scripts/lib/core/hash.ts';
import { makeGateRepo, type GateRepo } from '../helpers/gate-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const FUTURE = '2099-01-01T00:00:00.000Z';
// A writer clock four minutes before FUTURE: a later line dated earlier than the line before it,
// written where that line is within the clock skew, so not in the future (evaluate refuses a
// ledger with TIME_IN_FUTURE before it records anything).
const EVE = '2098-12-31T23:56:00.000Z';

interface Fixture {
  r: GateRepo;
  tool: (mode: 'pass' | 'fail' | 'missing') => void;
}

function fixture(): Fixture {
  const dir = mkdtempSync(join(tmpdir(), 'proofgate-order-tool-'));
  const path = join(dir, 'tool');
  const r = makeGateRepo([{ id: 'tests', execution: `{ type: command, argv: ['${path}'] }` }]);
  cleanups.push(() => {
    r.remove();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    r,
    tool: (mode) => {
      rmSync(path, { force: true });
      if (mode === 'missing') return;
      writeFileSync(path, `#!/bin/sh\nexit ${mode === 'pass' ? 0 : 1}\n`);
      chmodSync(path, 0o755);
    },
  };
}

interface StageJson {
  status: string;
  reason: string;
  entry?: string;
  conflict?: { entry: string; status: string }[];
}
interface StatusJson {
  statuses: { control: string; status: string; stages: { self: StageJson } }[];
}

async function selfStage(r: GateRepo, now?: string): Promise<StageJson> {
  const status = await r.run(['status', '--json'], {}, now);
  const parsed = JSON.parse(status.out) as StatusJson;
  return parsed.statuses[0]!.stages.self;
}

/** Hashes of every ledger line in the working tree. */
function lineHashes(r: GateRepo): Set<string> {
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  const hashes = new Set<string>();
  if (!existsSync(dir)) return hashes;
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.jsonl'))) {
    const text = readFileSync(join(dir, name), 'utf8');
    for (const line of text.split('\n').filter((l) => l !== '')) hashes.add(sha256Hex(line));
  }
  return hashes;
}

/** Runs `evaluate --run` and returns its exit code and the hash of the one entry it appended. */
async function evaluate(r: GateRepo, now?: string): Promise<{ code: number; entry: string }> {
  const before = lineHashes(r);
  const { code } = await r.run(['evaluate', '--run'], {}, now);
  const added = [...lineHashes(r)].filter((h) => !before.has(h));
  expect(added).toHaveLength(1);
  return { code, entry: added[0]! };
}

describe('the writer clock does not decide what is latest', () => {
  it('a BLOCKED result recorded after a PASS dated 2099 decides, even for a verifier in 2099', async () => {
    const { r, tool } = fixture();
    tool('pass');
    expect((await evaluate(r, FUTURE)).code).toBe(0);
    tool('missing');
    expect((await evaluate(r, EVE)).code).toBe(1);
    // Even on the forger's own clock (no TIME_IN_FUTURE finding), the later line decides.
    const stage = await selfStage(r, FUTURE);
    expect(stage.status).toBe('BLOCKED');
    const claim = await r.run(['claim', '--control', 'tests', '--no-record'], {}, FUTURE);
    expect(claim.out.split('\n')[0]).toMatch(/^REFUSED/);
    expect(claim.code).toBe(1);
  });

  it('a FAIL recorded after a PASS dated 2099 is the deciding result; the claim is refused', async () => {
    const { r, tool } = fixture();
    tool('pass');
    expect((await evaluate(r, FUTURE)).code).toBe(0);
    tool('fail');
    const fail = await evaluate(r, EVE);
    expect(fail.code).toBe(1);
    const stage = await selfStage(r, FUTURE);
    expect(stage.entry).toBe(fail.entry);
    expect(stage.status).not.toBe('PASS');
    const claim = await r.run(['claim', '--control', 'tests', '--no-record'], {}, FUTURE);
    expect(claim.code).toBe(1);
  });

  it('a PASS recorded before a FAIL stays overruled whatever date the PASS carries', async () => {
    const { r, tool } = fixture();
    tool('fail');
    const soon = new Date(Date.now() + 4 * 60_000).toISOString();
    expect((await evaluate(r, soon)).code).toBe(1);
    tool('pass');
    // Back-dated: the later line claims to be a year older than the FAIL before it.
    const past = new Date(Date.now() - 365 * 86_400_000).toISOString();
    // On that clock the FAIL is dated in the future (TIME_IN_FUTURE): evaluate refuses before it
    // runs or records anything, exit 3, never a pass; the FAIL still decides.
    const before = lineHashes(r);
    expect((await r.run(['evaluate', '--run'], {}, past)).code).toBe(3);
    expect(lineHashes(r)).toEqual(before);
    const stage = await selfStage(r);
    expect(stage.status).toBe('FAIL');
  });
});

/**
 * A committed first segment for the branches to start from (a plane made by init has its root
 * instead); the code then changes, so the result there is on other code and decides nothing.
 */
async function placeLedger({ r, tool }: Fixture): Promise<void> {
  tool('pass');
  expect((await r.run(['evaluate', '--run'])).code).toBe(0);
  r.write('src/app.js', 'export const x = 2;\n');
  r.commit('first evidence, then a code change');
}

/** Branches `a` and `b` off main, one result each on the same code, then both merged into main. */
async function divergent(
  f: Fixture,
  a: 'fail' | 'missing',
  b: 'pass',
): Promise<{ onA: string; onB: string }> {
  const { r, tool } = f;
  await placeLedger(f);
  r.git('checkout', '-q', '-b', 'a');
  tool(a);
  const onA = (await evaluate(r)).entry;
  r.commit('a: evidence');
  r.git('checkout', '-q', 'main');
  r.git('checkout', '-q', '-b', 'b');
  tool(b);
  // Stamped later than the other branch's result (within the clock skew, so no finding).
  const later = new Date(Date.now() + 4 * 60_000).toISOString();
  const b2 = await evaluate(r, later);
  expect(b2.code).toBe(0);
  const onB = b2.entry;
  r.commit('b: evidence');
  r.git('checkout', '-q', 'main');
  r.git('merge', '-q', '--no-edit', 'a');
  r.git('merge', '-q', '--no-edit', 'b');
  expect(r.git('status', '--porcelain')).toBe('');
  return { onA, onB };
}

describe('results from branches that never saw each other', () => {
  it('a merged FAIL branch and a later-stamped PASS branch on one code are a CONFLICT, refused', async () => {
    const f = fixture();
    const { onA, onB } = await divergent(f, 'fail', 'pass');
    expect((await f.r.run(['verify', '--full'])).code).toBe(0);
    const stage = await selfStage(f.r);
    expect(stage.status).toBe('CONFLICT');
    expect(stage.conflict?.map((c) => [c.entry, c.status]).sort()).toEqual(
      [
        [onA, 'FAIL'],
        [onB, 'PASS'],
      ].sort(),
    );
    expect(stage.reason).toContain(onA.slice(0, 12));
    expect(stage.reason).toContain(onB.slice(0, 12));
    const claim = await f.r.run(['claim', '--control', 'tests', '--no-record']);
    expect(claim.code).toBe(1);
    expect(claim.out.split('\n')[0]).toMatch(/^REFUSED/);
    expect(claim.out).toContain('CONFLICT');
    expect(claim.out).toContain(onA.slice(0, 12));
    expect(claim.out).toContain(onB.slice(0, 12));
    // The re-run after the merge has seen both: it decides, and PASS and FAIL on one code are
    // then FLAKY (a result that did not reproduce never satisfies a claim).
    f.tool('pass');
    const rerun = await evaluate(f.r);
    expect(rerun.code).toBe(1);
    const after = await selfStage(f.r);
    expect(after.status).toBe('FLAKY');
    expect(after.entry).toBe(rerun.entry);
    expect(after.conflict).toBeUndefined();
  });

  it('a BLOCKED branch and a PASS branch conflict; a re-run descending from both resolves it', async () => {
    const f = fixture();
    await divergent(f, 'missing', 'pass');
    expect((await selfStage(f.r)).status).toBe('CONFLICT');
    expect((await f.r.run(['claim', '--control', 'tests', '--no-record'])).code).toBe(1);
    f.tool('pass');
    expect((await f.r.run(['evaluate', '--run'])).code).toBe(0);
    expect((await selfStage(f.r)).status).toBe('PASS');
    const claim = await f.r.run(['claim', '--control', 'tests', '--no-record']);
    expect(claim.out.split('\n')[0]).toMatch(/^COMPLETED/);
    expect(claim.code).toBe(0);
  });

  it('the same status on both branches is no conflict', async () => {
    const f = fixture();
    const { r, tool } = f;
    await placeLedger(f);
    r.git('checkout', '-q', '-b', 'a');
    tool('pass');
    await r.run(['evaluate', '--run']);
    r.commit('a');
    r.git('checkout', '-q', 'main');
    r.git('checkout', '-q', '-b', 'b');
    await r.run(['evaluate', '--run']);
    r.commit('b');
    r.git('checkout', '-q', 'main');
    r.git('merge', '-q', '--no-edit', 'a');
    r.git('merge', '-q', '--no-edit', 'b');
    expect((await selfStage(r)).status).toBe('PASS');
  });
});
