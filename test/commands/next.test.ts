import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runNext } from '../../scripts/status/next.ts';
import { createTestContext } from '../helpers/context.ts';
import { caseArgs, controlYaml, hypothesisArgs, planeWith } from '../helpers/knowledge-plane.ts';

/** The plane committed: a release over uncommitted files is refused, which next would rank first. */
function committed<T extends { root: string }>(plane: T): T {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: plane.root, stdio: 'pipe' });
  git('add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'plane');
  return plane;
}

const SLOT = "{ type: slot, hint: 'add the real test command' }";
const options = (root: string) => ({
  root,
  json: false,
  limit: 8192,
  share: 0,
  seed: 's',
  top: 10,
  requirements: [],
});

describe('proofgate status --next', () => {
  it('ranks what a claim refuses first, then gaps and open hypotheses by priority', async () => {
    const plane = committed(planeWith(controlYaml('C-1', 'REQ-1', 'RISK-1', 'prototype', SLOT)));
    await plane.run(
      hypothesisArgs('negative page size accepted', { risk: '0.7', oracle: 'expect 400' }),
    );
    await plane.run(hypothesisArgs('cheap', { cost: '0.5', oracle: 'o' }));
    const { out, code } = await plane.run(['status', '--next', '--share', '0']);
    expect(code).toBe(0);
    // The hypothesis scores higher than the slot's TODO, but the claims refuse the slot.
    expect(out).toMatch(/^top: control C-1 \(TODO \[self\]: .*\); 4 open item\(s\)\n/);
    expect(out).not.toContain('not wired');
    expect(out).toMatch(
      /if claimed now: REFUSED \[project\].*\n {2}if claimed now: REFUSED \[release\]/,
    );
    expect(out).toMatch(
      /1\. 0.315 control C-1: TODO \[self\]: .*\n {3}next: proofgate adopt --list\n2\. 1.62 hypothesis H-0002: cheap\n3\. 0.72 gap REQ-1\/C-1: missing_verification \(from prototype\)\n {3}next: proofgate adopt --list\n4\. 0.63 hypothesis H-0001/,
    );
  });

  it('ranks the blockers of the claim decision of the asked scope, one item per control', async () => {
    const plane = planeWith(
      controlYaml('C-1', 'REQ-1', 'RISK-1', 'prototype', '{ type: command, argv: [npm, test] }'),
    );
    const ctx = createTestContext({ cwd: plane.root });
    const asked: (readonly string[])[] = [];
    const result = await runNext(
      { ...options(plane.root), scope: 'release' },
      ctx,
      (_root, scopes) => {
        asked.push(scopes);
        return Promise.resolve([
          {
            verdict: 'REFUSED [release] 3 blockers',
            blockers: [
              { control: 'C-1', stage: 'self', status: 'FAIL', reason: 'exit 1' },
              { control: 'C-1', stage: 'cross', status: 'TODO', reason: 'no cross audit' },
              { control: 'C-2', stage: 'self', status: 'TODO', reason: 'efficacy unproven' },
            ],
          },
        ]);
      },
    );
    expect(asked).toEqual([['release']]);
    expect(result.hasControlStatuses).toBe(true);
    expect(result.verdict).toBe('REFUSED [release] 3 blockers');
    expect(result.items.map((i) => [i.id, i.score, i.reason, i.causes])).toEqual([
      ['C-1', 700, 'FAIL [self]: exit 1', ['[self] FAIL', '[cross] TODO']],
      ['C-2', 315, 'TODO [self]: efficacy unproven', ['[self] TODO']],
    ]);
  });

  it('without --scope: what a project claim and a release claim refuse, each cause once', async () => {
    const plane = planeWith('');
    const ctx = createTestContext({ cwd: plane.root });
    const asked: (readonly string[])[] = [];
    const fail = { control: 'C-1', stage: 'self', status: 'FAIL', reason: 'exit 1' } as const;
    const approval = {
      control: 'C-1',
      stage: 'release_authority',
      status: 'TODO',
      reason: 'no release approval',
    } as const;
    const result = await runNext({ ...options(plane.root), top: 1 }, ctx, (_root, scopes) => {
      asked.push(scopes);
      return Promise.resolve([
        { verdict: 'REFUSED [project] 1 blocker', blockers: [fail] },
        { verdict: 'REFUSED [release] 2 blockers', blockers: [fail, approval] },
      ]);
    });
    expect(asked).toEqual([['project', 'release']]);
    expect(result.verdicts).toEqual([
      'REFUSED [project] 1 blocker',
      'REFUSED [release] 2 blockers',
    ]);
    expect(result.items.map((i) => [i.id, i.causes])).toEqual([
      ['C-1', ['[self] FAIL', '[release_authority] TODO']],
    ]);
    expect(result.total).toBe(1);
  });

  it('refuses a scope it does not rank (exit 2)', async () => {
    const plane = planeWith('');
    const { code, err } = await plane.run(['status', '--next', '--scope', 'task']);
    expect(code).toBe(2);
    expect(err).toMatch(/--scope task is not a scope next ranks/);
  });

  it('says explicitly when there is nothing to do', async () => {
    const plane = committed(planeWith(''));
    expect((await plane.run(['status', '--next'])).out).toMatch(/^nothing to do/);
    const todo = planeWith(
      controlYaml('C-1', 'REQ-1', 'RISK-1', 'prototype', '{ type: command, argv: [npm, test] }'),
    );
    const out = (await todo.run(['status', '--next'])).out;
    expect(out).toMatch(/^top: control C-1 \(TODO \[self\]: /);
    // No line that starts with `next:` names an item instead of a command.
    expect(out).not.toMatch(/^\s*next: (?!proofgate |git )/m);
    expect(out).toMatch(
      /1\. [\d.]+ control C-1: TODO \[self\]: .*\n {3}next: proofgate evaluate --run --control C-1\b/,
    );
  });
});

describe('proofgate status --next: negative results filter', () => {
  const hypothesis = (claim: string): string[] => hypothesisArgs(claim, { oracle: 'o' });
  const caseWith = (negative: string, attr = 'functional'): string[] =>
    caseArgs({ negative, attr });

  it('a hypothesis a case already tried is shown as filtered with the case id, not ranked', async () => {
    const plane = planeWith('');
    await plane.run(hypothesis('a large page size is not clamped'));
    await plane.run(hypothesis('a negative page size is accepted'));
    expect(
      (await plane.run(caseWith('A large page size is not clamped :: the framework clamps'))).code,
    ).toBe(0);
    // Shared words and another attribute do not filter.
    await plane.run(caseWith('a negative page size :: slow'));
    await plane.run(caseWith('a negative page size is accepted :: n/a', 'performance'));
    const { out, code } = await plane.run(['status', '--next', '--share', '0']);
    expect(code).toBe(0);
    expect(out).toContain(
      'FILTERED hypothesis H-0001 by CB-0001: tried before, failed: the framework clamps',
    );
    expect(out).not.toMatch(/\d\. [\d.]+ hypothesis H-0001/);
    expect(out).toMatch(/\d\. [\d.]+ hypothesis H-0002/);
    const json = await plane.run(['status', '--next', '--share', '0', '--json']);
    const parsed = JSON.parse(json.out) as {
      items: { id: string }[];
      filtered: { id: string; caseId: string }[];
    };
    expect(parsed.items.map((i) => i.id)).not.toContain('H-0001');
    expect(parsed.filtered).toEqual([expect.objectContaining({ id: 'H-0001', caseId: 'CB-0001' })]);
  });
});
