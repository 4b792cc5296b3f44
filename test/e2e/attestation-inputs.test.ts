// An attestation counts for the code it judged: made at adoption for a control with `inputs`, it
// stops counting once later work changes one of those files, however young it is, and names the
// file; work elsewhere leaves it current within its age window.
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, type GateRepo } from '../helpers/gate-repo.ts';

const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

const attest = [
  'attest',
  '--control',
  'review',
  '--status',
  'PASS',
  '--note',
  'reviewed the payment flow at adoption',
  '--authority-id',
  'human:alice',
  '--execution-context',
  'local:alice',
];

function repo(): GateRepo {
  const r = makeGateRepo(
    [
      {
        id: 'review',
        execution: '{ type: manual, attestation_max_age_days: 30 }',
        inputs: ['src/pay/**'],
      },
    ],
    {
      authorities: [{ id: 'human:alice', kind: 'human', stages: ['self'] }],
      files: { 'src/pay/charge.js': 'export const charge = 1;\n', 'src/other.js': 'x\n' },
    },
  );
  repos.push(r);
  return r;
}

interface Claimed {
  granted: boolean;
  blockers: { control: string; status: string; reason: string; next?: string }[];
}

async function claim(r: GateRepo): Promise<{ code: number; json: Claimed; out: string }> {
  const human = await r.run(['claim', '--control', 'review', '--no-record']);
  const json = await r.run(['claim', '--control', 'review', '--no-record', '--json']);
  return { code: human.code, out: human.out, json: JSON.parse(json.out) as Claimed };
}

describe('an attestation binds its control inputs', () => {
  it('work on an input file stales it (named, with the attest command next), whatever its age', async () => {
    const r = repo();
    expect((await r.run(attest)).code).toBe(0);
    r.commit('adoption attested');
    expect((await claim(r)).code).toBe(0);
    // later feature work on the attested files, the next day: well inside the 30 days
    r.write('src/pay/charge.js', 'export const charge = 2;\n');
    r.write('src/pay/refund.js', 'export const refund = 1;\n');
    r.commit('feature');
    const later = await claim(r);
    expect(later.code).toBe(1);
    const [blocker] = later.json.blockers;
    expect(blocker).toMatchObject({ control: 'review', status: 'STALE' });
    expect(blocker!.reason).toBe(
      "no result for the current inputs: the attestation by human:alice judged review's inputs before src/pay/charge.js, src/pay/refund.js changed; it needs a new attestation whatever its age",
    );
    expect(blocker!.next).toMatch(/^proofgate attest --control review /);
    expect(later.out).toContain(`next: ${blocker!.next}`);
    // attesting again over the new code counts
    expect((await r.run(attest)).code).toBe(0);
    expect((await claim(r)).code).toBe(0);
  });

  it('work outside its inputs leaves it current within the window', async () => {
    const r = repo();
    expect((await r.run(attest)).code).toBe(0);
    r.commit('adoption attested');
    r.write('src/other.js', 'y\n');
    r.write('README.md', 'docs\n');
    r.commit('elsewhere');
    const later = await claim(r);
    expect(later.json.blockers).toEqual([]);
    expect(later.code).toBe(0);
  });
});
