// The trace verb through the dispatcher (in process): exit codes, verdict first, --json, reports.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { dispatchCommand } from '../../scripts/cli.ts';
import { createTestContext } from '../helpers/context.ts';
import { FIXTURES, PACKS, REPO } from '../helpers/trace.ts';

const REFUND = join(PACKS, 'refund.yaml');
const GOOD = join(PACKS, 'examples', 'refund', 'good.events.jsonl');
const BAD = join(PACKS, 'examples', 'refund', 'bad.events.jsonl');

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const ctx = createTestContext({ cwd: REPO });
  const code = await dispatchCommand(args, ctx);
  return { code, stdout: ctx.stdout(), stderr: ctx.stderr() };
}

describe('proofgate trace', () => {
  test('exit 0 with the verdict first and coverage visible on a good trace', async () => {
    const r = await cli(
      'trace',
      'check',
      '--pack',
      REFUND,
      GOOD,
      join(FIXTURES, 'refund', 'good.claude-code.jsonl'),
    );
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(
      /^PASS trace check: 0 block, 0 warn, 0 unknown rule outcome\(s\) in 2 trace\(s\)/,
    );
    expect(r.stdout).toMatch(/coverage: 10 events .* 9 rules: 9 pass/);
  });

  test('exit 1 on block findings; --json is one document with findings and digests', async () => {
    const r = await cli('trace', 'check', '--pack', REFUND, '--json', BAD);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(doc.status).toBe('fail');
    expect(doc.traces[0].verdict.header.rawSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(doc.traces[0].verdict.findings.map((f: { rule: string }) => f.rule)).toContain(
      'NO_FALSE_SUCCESS_CLAIM',
    );
  });

  test('--fail-on warn turns a warning into exit 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-cli-'));
    const weak = join(dir, 'weak.jsonl');
    writeFileSync(weak, readFileSync(GOOD, 'utf8').replace('refund id R-1001 for', 'for'));
    expect((await cli('trace', 'check', '--pack', REFUND, weak)).code).toBe(0);
    expect((await cli('trace', 'check', '--pack', REFUND, '--fail-on', 'warn', weak)).code).toBe(1);
  });

  test('writes SARIF, JUnit and Markdown reports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-cli-'));
    const r = await cli(
      'trace',
      'check',
      '--pack',
      REFUND,
      '--sarif',
      join(dir, 'r.sarif'),
      '--junit',
      join(dir, 'r.xml'),
      '--markdown',
      join(dir, 'r.md'),
      GOOD,
      BAD,
    );
    expect(r.code).toBe(1);
    const sarif = JSON.parse(readFileSync(join(dir, 'r.sarif'), 'utf8'));
    expect(sarif.version).toBe('2.1.0');
    expect(
      sarif.runs[0].results.filter((x: { level: string }) => x.level === 'error'),
    ).toHaveLength(5);
    const junit = readFileSync(join(dir, 'r.xml'), 'utf8');
    expect(junit).toMatch(
      /<testsuite name="[^"]*bad.events.jsonl" tests="9" failures="5" errors="0" skipped="0">/,
    );
    expect(readFileSync(join(dir, 'r.md'), 'utf8')).toMatch(/^## ❌ FAIL trace check/);
  });

  test('exit 2: unreadable trace, unknown format, invalid pack, zero events, missing --pack', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-cli-'));
    writeFileSync(join(dir, 'text.txt'), 'just text\n');
    writeFileSync(join(dir, 'pack.yaml'), 'pack: broken\nrules: []\n');
    writeFileSync(join(dir, 'empty.jsonl'), '{"type":"header"}\n');
    const missing = await cli('trace', 'check', '--pack', REFUND, join(dir, 'nope.jsonl'));
    expect(missing.code).toBe(2);
    expect(missing.stdout.split('\n')[0]).toMatch(/^ERROR trace check: 1 of 1/);
    expect((await cli('trace', 'check', '--pack', REFUND, join(dir, 'text.txt'))).stdout).toMatch(
      /TRACE_FORMAT_UNKNOWN/,
    );
    const pack = await cli('trace', 'check', '--pack', join(dir, 'pack.yaml'), GOOD);
    expect(pack.code).toBe(2);
    expect(pack.stderr).toMatch(/pack\.yaml:\/pack: must match pattern/);
    expect(
      (
        await cli(
          'trace',
          'check',
          '--pack',
          REFUND,
          '--adapter',
          'events',
          join(dir, 'empty.jsonl'),
        )
      ).stdout,
    ).toMatch(/TRACE_EMPTY/);
    expect((await cli('trace', 'check', GOOD)).code).toBe(2);
    expect(
      (await cli('trace', 'check', '--pack', REFUND, '--adapter', 'nope', GOOD)).stderr,
    ).toMatch(/unknown adapter "nope"/);
    expect(existsSync(join(dir, 'r.sarif'))).toBe(false);
  });

  test('trace adapt prints events JSONL that trace check reads back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-cli-'));
    const r = await cli(
      'trace',
      'adapt',
      '--adapter',
      'auto',
      join(FIXTURES, 'refund', 'good.openai-chat.json'),
    );
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ type: 'header', adapter: 'openai-chat@1' });
    expect(lines).toHaveLength(11);
    writeFileSync(join(dir, 'events.jsonl'), r.stdout);
    expect((await cli('trace', 'check', '--pack', REFUND, join(dir, 'events.jsonl'))).code).toBe(0);
  });
});
