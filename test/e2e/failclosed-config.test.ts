// Fail closed on configuration: what proofgate cannot honour is exit 2 with the reason, never a
// crash (exit 4 with a stack) and never a silently accepted contradiction.
import { describe, expect, test } from 'vitest';
import { VALID_PROFILE, listTree, makeRepo, runVerb } from '../helpers/plane-cli.ts';

describe('init refuses what it cannot honour', () => {
  test('a file named .proofgate: exit 2 naming it, nothing written', async () => {
    const dir = makeRepo({ 'profile.yaml': VALID_PROFILE, '.proofgate': 'not a directory\n' });
    const before = listTree(dir);
    const run = await runVerb(['init', '--profile', 'profile.yaml'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('.proofgate exists and is not a directory');
    expect(run.stderr).not.toMatch(/ENOTDIR|INTERNAL/);
    expect(listTree(dir)).toEqual(before);
  });

  test('recorded public_contract: [none, service_api] is exit 2; [none] and [service_api] are fine', async () => {
    const both = makeRepo({
      'profile.yaml': `${VALID_PROFILE}recorded:\n  public_contract: [none, service_api]\n`,
    });
    const run = await runVerb(['init', '--profile', 'profile.yaml'], both);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('public_contract: "none" cannot be combined with other values');
    for (const value of ['[none]', '[service_api]']) {
      const dir = makeRepo({
        'profile.yaml': `${VALID_PROFILE}recorded:\n  public_contract: ${value}\n`,
      });
      expect((await runVerb(['init', '--profile', 'profile.yaml'], dir)).code).toBe(0);
    }
  });
});
