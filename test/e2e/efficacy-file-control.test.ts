// A file check's efficacy: `--mutate all` seeds its one defect (the required file removed, the
// forbidden one planted) and status advises exactly that command for it, so the advice runs.
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, type GateRepo } from '../helpers/gate-repo.ts';

const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

function repo(): GateRepo {
  const r = makeGateRepo(
    [
      { id: 'license', execution: '{ type: file, path: LICENSE, condition: exists }' },
      { id: 'no-env', execution: '{ type: file, path: config/.env, condition: absent }' },
      { id: 'review', execution: '{ type: manual }' },
    ],
    { files: { LICENSE: 'MIT\n' } },
  );
  repos.push(r);
  return r;
}

interface Measured {
  ok: boolean;
  results: { control: string; baseline: string; mutants: number; killed: number }[];
}

describe('efficacy of a file control', () => {
  it('status advises --mutate all for file checks only, and the printed command runs and proves them', async () => {
    const r = repo();
    const status = await r.run(['status']);
    const lines = status.out.split('\n');
    const at = lines.findIndex((l) => l.startsWith('  efficacy: '));
    // the manual control cannot be measured: it is not listed
    expect(lines[at]).toBe('  efficacy: license unproven, no-env unproven');
    const next = '    next: proofgate efficacy --control license --control no-env --mutate all';
    expect(lines[at + 1]).toBe(next);
    const args = next
      .trim()
      .replace(/^next: proofgate /, '')
      .split(' ');
    const measured = await r.run([...args, '--json']);
    expect(measured.code).toBe(0);
    const json = JSON.parse(measured.out) as Measured;
    expect(json.results.map((x) => [x.control, x.baseline, x.mutants, x.killed])).toEqual([
      ['license', 'PASS', 1, 1],
      ['no-env', 'PASS', 1, 1],
    ]);
    expect((await r.run(['status'])).out).not.toContain('efficacy:');
  });

  it('a single operator on a file check is refused naming --mutate all', async () => {
    const r = repo();
    const one = await r.run(['efficacy', '--control', 'license', '--mutate', 'negate-condition']);
    expect(one.code).toBe(2);
    expect(one.err).toContain('--mutate all');
  });
});
