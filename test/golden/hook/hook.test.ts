// Golden transcripts of `proofgate hook stop` with the Stop payload Claude Code writes on stdin:
// allowed when the task's claim would be granted (nothing on stdout), blocked with the verdict
// and the next command when it would be refused (Claude's contract, then the decision as JSON),
// and blocked on a payload that is not JSON (fail closed).
import { afterEach, expect, test } from 'vitest';
import { makeGoldenRepo, type GoldenRepo } from '../../helpers/golden.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

function repo(): GoldenRepo {
  const r = makeGoldenRepo(
    [
      { id: 'unit', execution: '{ type: command, argv: [node, check.js] }' },
      { id: 'notes', execution: '{ type: file, path: NOTES.md, condition: exists }' },
    ],
    { files: { 'check.js': 'process.exit(0);\n', 'NOTES.md': 'release notes\n' } },
  );
  cleanups.push(() => r.remove());
  return r;
}

function payload(r: GoldenRepo): string {
  return JSON.stringify({ session_id: 'sess-golden', cwd: r.dir, hook_event_name: 'Stop', stop_hook_active: false });
}

test('a stop allowed on a claim that would be granted', async () => {
  const r = repo();
  expect((await r.run(['evaluate', '--run', '--control', 'unit'])).code).toBe(0);
  expect((await r.run(['evaluate', '--run', '--control', 'notes'])).code).toBe(0);
  await expect(r.transcript(['hook', 'stop'], { stdin: payload(r) })).toMatchFileSnapshot('./stop-allowed.md');
});

test('a stop blocked on a claim that would be refused, and on a malformed payload', async () => {
  const r = repo();
  expect((await r.run(['evaluate', '--run', '--control', 'unit'])).code).toBe(0);
  r.write('check.js', 'process.exit(1);\n');
  expect((await r.run(['evaluate', '--run', '--control', 'unit'])).code).toBe(1);
  await expect(r.transcript(['hook', 'stop'], { stdin: payload(r) })).toMatchFileSnapshot('./stop-blocked.md');
  await expect(r.transcript(['hook', 'stop', '--json'], { stdin: payload(r) })).toMatchFileSnapshot(
    './stop-blocked-json.md',
  );
  await expect(r.transcript(['hook', 'stop'], { stdin: '{"session_id": ' })).toMatchFileSnapshot(
    './stop-malformed.md',
  );
});
