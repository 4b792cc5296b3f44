// The trace verb as a real process: the exit-code contract end to end.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PACKS, REPO } from '../helpers/trace.ts';

function cli(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [join(REPO, 'bin', 'proofgate.js'), ...args], {
    cwd: REPO,
    encoding: 'utf8',
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      NO_COLOR: '1',
      TZ: 'UTC',
    },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

test('proofgate trace check exits 0, 1 and 2 as the contract says', () => {
  const examples = join(PACKS, 'examples', 'refund');
  const pack = join(PACKS, 'refund.yaml');
  const good = cli('trace', 'check', '--pack', pack, join(examples, 'good.events.jsonl'));
  expect(good.code).toBe(0);
  expect(good.stdout).toMatch(/^PASS trace check/);
  const bad = cli('trace', 'check', '--pack', pack, join(examples, 'bad.events.jsonl'));
  expect(bad.code).toBe(1);
  expect(bad.stdout).toMatch(/^FAIL trace check: 5 block/);
  const missing = cli('trace', 'check', '--pack', pack, join(examples, 'missing.jsonl'));
  expect(missing.code).toBe(2);
  expect(missing.stderr).toBe('');
});
