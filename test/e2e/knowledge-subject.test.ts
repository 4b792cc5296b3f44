// Knowledge lives outside the subject binding: recording facts, decisions, hypotheses and cases
// through the real verbs (and committing them) never stales control evidence.
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../scripts/lib/core/hash.ts';
import { dispatchCommand } from '../../scripts/cli.ts';
import { createTestContext } from '../helpers/context.ts';
import { hypothesisArgs, memoryArgs, updateArgs } from '../helpers/knowledge-plane.ts';
import { cleanUpRepos, makePlaneRepo, subjects } from '../helpers/plane-repo.ts';

cleanUpRepos();

describe('knowledge and the subject binding', () => {
  it('editing knowledge leaves every subject binding unchanged, before and after a commit', async () => {
    const repo = makePlaneRepo();
    const before = await subjects(repo);
    const run = async (...args: string[]): Promise<number> =>
      dispatchCommand([...args, '--root', repo.dir], createTestContext({ cwd: repo.dir }));
    const evidence = sha256Hex('{"seq":0}');
    expect(await run(...memoryArgs('app exports a', 'src/app.ts', evidence, 'observed_once'))).toBe(
      0,
    );
    expect(
      await run(
        'knowledge',
        'decision',
        'add',
        'global state',
        '--reason',
        'flaky',
        '--condition',
        'parallel tests',
        '--path',
        'src',
      ),
    ).toBe(0);
    expect(
      await run(...hypothesisArgs('a is wrong', { risk: '0.5', infoGain: '0.5', oracle: 'o' })),
    ).toBe(0);
    expect(await run(...updateArgs('H-0001', 'probing'))).toBe(0);
    expect(await subjects(repo)).toEqual(before);
    repo.commit('knowledge only');
    expect(await subjects(repo)).toEqual(before);
  });
});
