import { afterEach, describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { makeRepo } from '../helpers/git-repo.ts';
import type { TestRepo } from '../helpers/git-repo.ts';

let repo: TestRepo | undefined;
afterEach(() => repo?.remove());

describe('scan --json is never cut', () => {
  test('400 make targets: --json carries all of them even with the smallest --limit', () => {
    const makefile = Array.from({ length: 400 }, (_, i) => `check${i}:\n\ttrue\n`).join('');
    repo = makeRepo({
      Makefile: makefile,
      'tests/test_a.py': '',
      'requirements-dev.txt': 'pytest\n',
    });
    const json = runCli(['scan', '--json', '--limit', '256', '--root', repo.dir]);
    expect(json.code).toBe(0);
    expect(json.stdout.length).toBeGreaterThan(8192);
    const result = JSON.parse(json.stdout) as { candidates: { id: string }[]; omitted: object };
    expect(result.candidates).toHaveLength(401);
    expect(result.candidates.at(-1)?.id).toBe('make:check399');
    expect(result.omitted).toEqual({});
    const human = runCli(['scan', '--root', repo.dir, '--limit', '100000']);
    expect(human.stdout).toMatch(/^scan: 401 adoptable command\(s\)/);
    expect(human.stdout).toContain('… 101 more candidates left out (use --json)');
  });
});
