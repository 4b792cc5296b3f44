// Golden transcripts of `proofgate campaign import-ci`: a JUnit result imported for the commit it ran on,
// a JSON run object that failed (JSON output), the BLOCKED answer without a result file (exit 1,
// the commands to fetch it), and a workflow whose tier is none (exit 2).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { nodeArgv } from '../../../helpers/gate-repo.ts';
import { makeGoldenRepo, type GoldenRepo } from '../../../helpers/golden.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const WORKFLOW = (name: string) => `name: ${name}\non: push\njobs:\n  test:\n    runs-on: x\n    steps:\n      - run: npm test\n`;
const DEV = ['--authority-id', 'virtual:developer', '--execution-context', 'ci:github:987'];

function repo(): GoldenRepo {
  const r = makeGoldenRepo([{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('0')} }` }], {
    files: {
      '.github/workflows/ci.yml': WORKFLOW('ci'),
      '.github/workflows/nightly.yml': WORKFLOW('nightly'),
      'ci-results/junit.xml':
        '<testsuite name="unit" tests="2"><testcase name="a"/><testcase name="b"/></testsuite>\n',
      'ci-results/run.json': '{ "conclusion": "failure" }\n',
    },
  });
  const manifest = join(r.dir, '.proofgate', 'controls', 'manifest.yaml');
  writeFileSync(manifest, `${readFileSync(manifest, 'utf8')}ci_tiers: { ci: release_required }\n`);
  r.commit('ci tier');
  cleanups.push(() => r.remove());
  return r;
}

test('a JUnit result, and a failed run as JSON', async () => {
  const r = repo();
  const junit = ['campaign', 'import-ci', '--workflow', 'ci', '--commit', 'HEAD', '--junit', 'ci-results/junit.xml', ...DEV];
  await expect(r.transcript(junit)).toMatchFileSnapshot('./junit.md');
  const json = ['campaign', 'import-ci', '--workflow', 'ci', '--commit', 'HEAD', '--json-file', 'ci-results/run.json', ...DEV];
  await expect(r.transcript([...json, '--json'])).toMatchFileSnapshot('./failed-json.md');
});

test('no result file, and a workflow of tier none', async () => {
  const r = repo();
  await expect(r.transcript(['campaign', 'import-ci', '--workflow', 'ci', '--commit', 'HEAD'])).toMatchFileSnapshot(
    './blocked-no-file.md',
  );
  const nightly = ['campaign', 'import-ci', '--workflow', 'nightly', '--commit', 'HEAD', '--junit', 'ci-results/junit.xml', ...DEV];
  await expect(r.transcript(nightly)).toMatchFileSnapshot('./refused-tier-none.md');
});
