// An attestation's maximum age is measured against commit history as well as the clocks, so that
// dating the attestation forward, or setting the verifier's clock back, cannot keep it alive.
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, type GateRepo } from '../helpers/gate-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const DAY = 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString();
const attest = ['attest', '--control', 'privacy', '--status', 'PASS', '--note', 'read the DPA'];
const alice = ['--authority-id', 'human:alice', '--execution-context', 'local:alice'];

function repo(): GateRepo {
  const r = makeGateRepo(
    [{ id: 'privacy', execution: '{ type: manual, attestation_max_age_days: 30 }' }],
    {
      authorities: [{ id: 'human:alice', kind: 'human', stages: ['self'] }],
    },
  );
  cleanups.push(() => r.remove());
  return r;
}

/** Commits everything with the given committer and author date. */
function commitAt(r: GateRepo, when: string, message: string): void {
  const saved = { c: process.env['GIT_COMMITTER_DATE'], a: process.env['GIT_AUTHOR_DATE'] };
  process.env['GIT_COMMITTER_DATE'] = when;
  process.env['GIT_AUTHOR_DATE'] = when;
  try {
    r.commit(message);
  } finally {
    for (const [key, value] of [
      ['GIT_COMMITTER_DATE', saved.c],
      ['GIT_AUTHOR_DATE', saved.a],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

async function statusOf(r: GateRepo, now: string): Promise<{ status: string; reason: string }> {
  const out = await r.run(['status', '--json'], {}, now);
  const parsed = JSON.parse(out.out) as { statuses: { status: string; reason: string }[] };
  return parsed.statuses[0]!;
}

describe('attestation age', () => {
  it('a forward-dated attestation is counted from the commit that first contained it', async () => {
    const r = repo();
    // Written "in 2099" (its body expires 30 days after that), committed today.
    const forged = '2099-01-01T00:00:00.000Z';
    expect((await r.run([...attest, ...alice], {}, forged)).code).toBe(0);
    commitAt(r, iso(Date.now()), 'attestation');
    // A verifier whose clock is forged too (no TIME_IN_FUTURE), one day later in 2099.
    const verifier = '2099-01-02T00:00:00.000Z';
    const status = await statusOf(r, verifier);
    expect(status.status).toBe('STALE');
    expect(status.reason).toMatch(/expired at .*at most 30 days from/);
    const claim = await r.run(['claim', '--control', 'privacy', '--no-record'], {}, verifier);
    expect(claim.code).toBe(1);
  });

  it('a verifier clock set back cannot revive an attestation older than HEAD says', async () => {
    const r = repo();
    const sixtyDaysAgo = Date.now() - 60 * DAY;
    expect((await r.run([...attest, ...alice], {}, iso(sixtyDaysAgo))).code).toBe(0);
    commitAt(r, iso(sixtyDaysAgo + 1000), 'attestation');
    r.write('src/app.js', 'export const x = 2;\n');
    commitAt(r, iso(Date.now()), 'later work');
    // On today's clock it is 60 days old: expired.
    expect((await statusOf(r, iso(Date.now()))).status).toBe('STALE');
    // A clock set back to the day after the attestation still sees HEAD's commit of today.
    const backdated = iso(sixtyDaysAgo + DAY);
    expect((await statusOf(r, backdated)).status).toBe('STALE');
    expect(
      (await r.run(['claim', '--control', 'privacy', '--no-record'], {}, backdated)).code,
    ).toBe(1);
  });

  it('a back-dated attestation only shortens its own life', async () => {
    const r = repo();
    expect((await r.run([...attest, ...alice], {}, iso(Date.now() - 40 * DAY))).code).toBe(0);
    commitAt(r, iso(Date.now()), 'attestation');
    expect((await statusOf(r, iso(Date.now()))).status).toBe('STALE');
  });

  it('an honest attestation within its age is PASS, committed or not', async () => {
    const r = repo();
    expect((await r.run([...attest, ...alice], {}, iso(Date.now() - DAY))).code).toBe(0);
    expect((await statusOf(r, iso(Date.now()))).status).toBe('PASS');
    commitAt(r, iso(Date.now()), 'attestation');
    expect((await statusOf(r, iso(Date.now()))).status).toBe('PASS');
    expect((await statusOf(r, iso(Date.now() + 31 * DAY))).status).toBe('STALE');
  });
});
