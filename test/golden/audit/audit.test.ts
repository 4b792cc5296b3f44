// Golden transcripts of `proofgate audit`: an agreeing cross audit, one refused because the
// auditor is the reviewed authority (exit 2, nothing recorded), and a re-run that disagrees with
// the reviewed PASS (DISPUTED, exit 1, as JSON).
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { nodeArgv } from '../../helpers/gate-repo.ts';
import { CLONE_B, makeGoldenRepo, pinCloneId } from '../../helpers/golden.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const DEV = ['--authority-id', 'virtual:developer', '--execution-context', 'local:dev'];
const CROSS = ['audit', '--audit-stage', 'cross', '--review-run', 'latest'];
const QA = ['--authority-id', 'virtual:quality', '--execution-context', 'ci:1'];

test('an agreeing cross audit, and one by the reviewed authority', async () => {
  const r = makeGoldenRepo([
    { id: 'tests', execution: `{ type: command, argv: ${nodeArgv('console.log("ok")')} }` },
  ]);
  cleanups.push(() => r.remove());
  expect((await r.run(['evaluate', '--run', ...DEV])).code).toBe(0);
  const refused = [...CROSS, '--authority-id', 'virtual:developer', '--execution-context', 'ci:1'];
  await expect(r.transcript(refused)).toMatchFileSnapshot('./not-independent.md');
  pinCloneId(r.dir, CLONE_B); // the auditor writes from a clone of its own
  await expect(r.transcript([...CROSS, ...QA])).toMatchFileSnapshot('./agreed.md');
});

test('a re-run that disagrees with the reviewed PASS', async () => {
  const r = makeGoldenRepo([{ id: 'tests', execution: '{ type: command, argv: [node, check.js] }' }]);
  cleanups.push(() => r.remove());
  const flag = join(r.out, 'broken');
  r.write('check.js', `process.exit(require('fs').existsSync(${JSON.stringify(flag)}) ? 1 : 0);\n`);
  r.commit('check');
  expect((await r.run(['evaluate', '--run', ...DEV])).code).toBe(0);
  writeFileSync(flag, '');
  expect(existsSync(flag)).toBe(true);
  pinCloneId(r.dir, CLONE_B);
  await expect(r.transcript([...CROSS, ...QA, '--json'])).toMatchFileSnapshot('./disputed-json.md');
});
