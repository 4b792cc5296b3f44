// scan reads the fitness-function registry of scripts/fitness-runner.sh (the peer's pipe format,
// `id|title|command`) into candidates with the command's own argv; an entry that needs a shell is
// listed as not adoptable, never turned into a command. Adopting one makes a control that runs it.
import { describe, expect, test } from 'vitest';
import { makeGateRepo, nodeArgv } from '../helpers/gate-repo.ts';

const RUNNER = `#!/bin/sh
# Fitness functions: id|title|command
CHECKS='
no-todo|No TODO markers in src|node -e "process.exit(0)"
deps|Dependency rules hold|npx depcruise src
piped|Counts lines|grep -r x src | wc -l
'
# not-an-entry|commented out|node -e 1
case "$1" in
  a|b) echo one ;;
esac
`;

interface Listed {
  id: string;
  argv: string[];
  where: string;
}

describe('scan and the fitness runner', () => {
  test('each pipe entry is a candidate with its own argv; a shell pipeline is not adoptable', async () => {
    const repo = makeGateRepo(
      [{ id: 'OK', execution: `{ type: command, argv: ${nodeArgv('process.exit(0)')} }` }],
      { files: { 'scripts/fitness-runner.sh': RUNNER } },
    );
    try {
      const scanned = await repo.run(['scan', '--json']);
      expect(scanned.code).toBe(0);
      const result = JSON.parse(scanned.out) as {
        candidates: Listed[];
        not_adoptable: { id: string; reason: string }[];
      };
      const fitness = result.candidates.filter((c) => c.id.startsWith('fitness:'));
      expect(fitness.map((c) => [c.id, c.argv, c.where])).toEqual([
        ['fitness:no-todo', ['node', '-e', 'process.exit(0)'], 'scripts/fitness-runner.sh:4'],
        ['fitness:deps', ['npx', 'depcruise', 'src'], 'scripts/fitness-runner.sh:5'],
      ]);
      const piped = result.not_adoptable.find((n) => n.id === 'fitness:piped');
      expect(piped?.reason).toMatch(/needs a shell/);
      expect(JSON.stringify(result)).not.toContain('not-an-entry');
      expect((await repo.run(['scan'])).out).toContain('fitness:no-todo');

      const adopted = await repo.run(['adopt', 'fitness:no-todo', '--as', 'FIT.no-todo']);
      expect(adopted.code).toBe(0);
      expect((await repo.run(['evaluate', '--run', '--control', 'FIT.no-todo'])).code).toBe(0);
    } finally {
      repo.remove();
    }
  });
});
