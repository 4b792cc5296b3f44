// The trace verb as a real process: the exit-code contract end to end.
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { BIN } from '../helpers/cli.ts';
import { PACKS, REPO, tempFile } from '../helpers/trace.ts';

function cli(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  return cliTo(undefined, ...args);
}

/** Runs the CLI; with `outFile`, stdout is redirected to that file as a shell `>` would. */
function cliTo(
  outFile: string | undefined,
  ...args: string[]
): { code: number | null; stdout: string; stderr: string } {
  const fd = outFile === undefined ? undefined : openSync(outFile, 'w');
  const run = spawnSync(process.execPath, [BIN, ...args], {
    cwd: REPO,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    ...(fd === undefined ? {} : { stdio: ['ignore', fd, 'pipe'] as const }),
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      NO_COLOR: '1',
      TZ: 'UTC',
    },
  });
  if (fd !== undefined) closeSync(fd);
  return { code: run.status, stdout: run.stdout ?? '', stderr: run.stderr };
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

test('trace adapt of a trace over 1 MB redirected to a file is complete, valid JSONL', () => {
  const lines: string[] = [];
  for (let i = 1; i <= 4000; i++) {
    const callId = `c${i}`;
    lines.push(
      JSON.stringify({
        type: 'tool.call',
        seq: 2 * i - 1,
        callId,
        name: 'fs.read',
        args: { path: `src/file-${i}.ts`, pad: 'x'.repeat(120) },
      }),
      JSON.stringify({ type: 'tool.result', seq: 2 * i, callId, ok: true, data: { size: i } }),
    );
  }
  const input = tempFile('big.events.jsonl', `${lines.join('\n')}\n`);
  expect(readFileSync(input).length).toBeGreaterThan(1024 * 1024);
  const out = tempFile('big.adapted.jsonl', '');
  const run = cliTo(out, 'trace', 'adapt', input);
  expect(run.code).toBe(0);
  const written = readFileSync(out, 'utf8');
  expect(written).not.toContain('output truncated');
  expect(written.endsWith('\n')).toBe(true);
  const records = written
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as { type: string });
  expect(records[0]?.type).toBe('header');
  expect(records.length).toBe(8001);
  expect(records.filter((r) => r.type === 'tool.result')).toHaveLength(4000);
});
