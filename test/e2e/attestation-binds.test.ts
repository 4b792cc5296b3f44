// An attestation binds what it attests (issue 49, part 5): written for one task's code, it does
// not satisfy the next task. The agent's moves (naming other controls in the task file or the
// environment, committing the attestation, re-committing the change, reverting and re-applying it)
// leave it STALE; only a new attestation over the new code, or one the attester wrote as standing
// (about nothing in the code, and always expiring), counts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

const ALICE = ['--authority-id', 'human:alice', '--execution-context', 'local:alice'];
const accept = (note: string, ...extra: string[]) => [
  ...['attest', '--control', 'acceptance', '--status', 'PASS', '--note', note],
  ...extra,
  ...ALICE,
];

function repo(maxAge = ''): GateRepo {
  const r = makeGateRepo(
    [
      { id: 'tests', execution: `{ type: command, argv: ${nodeArgv('process.exit(0)')} }` },
      { id: 'acceptance', execution: `{ type: manual${maxAge} }` },
    ],
    { authorities: [{ id: 'human:alice', kind: 'human', stages: ['self'] }] },
  );
  repos.push(r);
  return r;
}

interface Claimed {
  granted: boolean;
  blockers: { control: string; status: string; reason: string; next?: string }[];
}

async function claim(r: GateRepo, env: Record<string, string> = {}): Promise<Claimed> {
  const run = await r.run(['claim', '--no-record', '--json'], env);
  return JSON.parse(run.out) as Claimed;
}

describe('an acceptance attestation binds the code it accepted', () => {
  it('task A accepted; task B is refused on it whatever the agent does, until accepted again', async () => {
    const r = repo();
    // task A
    r.write('src/app.js', 'export const x = 2;\n');
    r.commit('task A');
    expect((await r.run(['evaluate', '--run', '--control', 'tests'])).code).toBe(0);
    const attested = await r.run(accept('task A: the criteria are met'));
    expect(attested.code).toBe(0);
    expect(attested.out).toContain('binds: the code as it is now');
    r.commit('task A accepted');
    expect((await claim(r)).granted).toBe(true);
    expect((await r.run(['claim'])).code).toBe(0);
    r.commit('task A claimed');

    // task B: the old acceptance does not carry over
    r.write('src/feature.js', 'export const y = 1;\n');
    r.commit('task B');
    expect((await r.run(['evaluate', '--run', '--control', 'tests'])).code).toBe(0);
    const refused = await claim(r);
    expect(refused.granted).toBe(false);
    const blocker = refused.blockers.find((b) => b.control === 'acceptance');
    expect(blocker).toMatchObject({ status: 'STALE' });
    expect(blocker!.reason).toMatch(
      /^no attestation for the current code: the attestation by human:alice judged the tree before src\/feature\.js changed/,
    );
    expect(blocker!.next).toMatch(/^proofgate attest --control acceptance /);

    // the agent names only the tests, in the task file and in the environment: naming only adds
    const taskDir = join(r.dir, '.git', 'proofgate');
    mkdirSync(taskDir, { recursive: true });
    writeFileSync(join(taskDir, 'task.json'), JSON.stringify({ controls: ['tests'] }));
    expect((await claim(r)).granted).toBe(false);
    expect((await claim(r, { PROOFGATE_TASK_CONTROLS: 'tests' })).granted).toBe(false);
    const named = await r.run(['claim', '--control', 'tests', '--no-record']);
    expect(named.code).toBe(1);
    // re-committing the change, or reverting it and applying it again, changes nothing
    r.git('commit', '-q', '--amend', '-m', 'task B, again');
    expect((await claim(r)).granted).toBe(false);
    r.git('revert', '--no-edit', 'HEAD');
    r.git('revert', '--no-edit', 'HEAD');
    expect((await claim(r)).granted).toBe(false);

    // accepted again for task B's code: granted
    expect((await r.run(accept('task B: the criteria are met'))).code).toBe(0);
    expect((await claim(r)).granted).toBe(true);
  });

  it('the tree as it was when accepted counts again: the attestation is about that code', async () => {
    const r = repo();
    expect((await r.run(['evaluate', '--run', '--control', 'tests'])).code).toBe(0);
    expect((await r.run(accept('accepted as is'))).code).toBe(0);
    r.write('src/app.js', 'export const x = 3;\n');
    expect((await claim(r)).granted).toBe(false);
    r.write('src/app.js', 'export const x = 1;\n');
    expect((await claim(r)).granted).toBe(true);
  });
});

describe('a standing attestation (about nothing in the code)', () => {
  it('must expire, and then survives code changes until it does', async () => {
    const r = repo();
    const open = await r.run(accept('read the DPA', '--standing'));
    expect(open.code).toBe(2);
    expect(open.err).toContain('must expire');
    expect(open.err).toContain('--expires');
    const expires = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const standing = await r.run(accept('read the DPA', '--standing', '--expires', expires));
    expect(standing.code, standing.err).toBe(0);
    expect(standing.out).toContain('binds: the control definition only (--standing)');
    expect((await r.run(['evaluate', '--run', '--control', 'tests'])).code).toBe(0);
    r.write('src/feature.js', 'export const y = 1;\n');
    r.commit('another task');
    expect((await r.run(['evaluate', '--run', '--control', 'tests'])).code).toBe(0);
    expect((await claim(r)).granted).toBe(true);
  });

  it("takes the control's maximum age as its expiry", async () => {
    const r = repo(', attestation_max_age_days: 30');
    const standing = await r.run(accept('read the DPA', '--standing'));
    expect(standing.code, standing.err).toBe(0);
  });

  it('is refused for a control that declares inputs: the attestation binds them', async () => {
    const r = makeGateRepo(
      [{ id: 'acceptance', execution: '{ type: manual }', inputs: ['src/**'] }],
      { authorities: [{ id: 'human:alice', kind: 'human', stages: ['self'] }] },
    );
    repos.push(r);
    const refused = await r.run(accept('x', '--standing', '--expires', '2099-01-01'));
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('declares inputs');
  });
});
