// Golden transcripts of `proofgate scan`: the inventory of a small Node project with a Makefile
// and a CI workflow (one step needs a shell, so it is listed as not adoptable), the same as JSON,
// and the refusal outside a git repository (exit 4).
import { rmSync } from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import { makeGoldenRepo, goldenTranscript, type GoldenRepo } from '../../helpers/golden.ts';
import { makeTempDir } from '../../helpers/git-repo.ts';
import { nodeArgv } from '../../helpers/gate-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const FILES = {
  'package.json': JSON.stringify({ name: 'app', scripts: { test: 'node --test', lint: 'eslint .', dev: 'vite' } }, null, 2),
  'package-lock.json': '{}\n',
  'test/app.test.js': '',
  Makefile: '.PHONY: check clean\ncheck:\n\tnode --test\nclean:\n\trm -rf dist\n',
  '.github/workflows/ci.yml':
    'name: ci\non: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm ci\n      - name: Test\n        run: npm test\n      - name: Report\n        run: npm test | tee out.txt\n',
  'AGENTS.md': '# Rules\n- run the tests\n',
};

function repo(): GoldenRepo {
  const r = makeGoldenRepo([{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('0')} }` }], { files: FILES });
  cleanups.push(() => r.remove());
  return r;
}

test('scan of a Node project with a Makefile and a CI workflow', async () => {
  const r = repo();
  await expect(r.transcript(['scan'])).toMatchFileSnapshot('./node-project.md');
  await expect(r.transcript(['scan', '--json'])).toMatchFileSnapshot('./node-project-json.md');
});

test('scan outside a git repository', async () => {
  const dir = makeTempDir('pg-golden-plain-');
  const home = makeTempDir('pg-golden-home-');
  cleanups.push(() => {
    for (const d of [dir, home]) rmSync(d, { recursive: true, force: true });
  });
  const text = goldenTranscript(['scan'], { cwd: dir, home, paths: [[dir, '<dir>']] });
  await expect(text).toMatchFileSnapshot('./not-a-repository.md');
});
