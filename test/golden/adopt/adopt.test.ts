// Golden transcripts of `proofgate adopt`: the list of candidates, a candidate adopted as a new
// control (human and JSON), and the refusals of a dev server and of an unknown candidate (exit 2).
import { afterEach, expect, test } from 'vitest';
import { nodeArgv } from '../../helpers/gate-repo.ts';
import { makeGoldenRepo, type GoldenRepo } from '../../helpers/golden.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

function repo(): GoldenRepo {
  const r = makeGoldenRepo([{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('0')} }` }], {
    files: {
      'package.json': JSON.stringify({ name: 'app', scripts: { test: 'node --test', dev: 'vite' } }, null, 2),
      'package-lock.json': '{}\n',
      Makefile: '.PHONY: check\ncheck:\n\tnode --test\n',
    },
  });
  cleanups.push(() => r.remove());
  return r;
}

test('adopt --list, then a candidate as a new control', async () => {
  const r = repo();
  await expect(r.transcript(['adopt', '--list'])).toMatchFileSnapshot('./list.md');
  await expect(r.transcript(['adopt', 'npm:test', '--as', 'CMD.test'])).toMatchFileSnapshot('./as-control.md');
  await expect(r.transcript(['adopt', 'make:check', '--as', 'CMD.check', '--json'])).toMatchFileSnapshot('./as-control-json.md');
});

test('adopt refuses a dev server and an unknown candidate', async () => {
  const r = repo();
  await expect(r.transcript(['adopt', 'npm:dev'])).toMatchFileSnapshot('./refused-server.md');
  await expect(r.transcript(['adopt', 'npm:tset'])).toMatchFileSnapshot('./refused-unknown.md');
});
