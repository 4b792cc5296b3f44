// Error reports are human output and bounded by --limit like the rest: a huge bad value on the
// command line (or a huge message built from it) never floods the terminal or an agent's context,
// and the report still ends with the exit code and keeps its next step.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv } from '../helpers/gate-repo.ts';

const r = makeGateRepo([{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('1')} }` }]);
afterAll(() => r.remove());

const HUGE = 'x'.repeat(100 * 1024);

const CASES: [string, string[]][] = [
  ['an unknown verb', [HUGE]],
  ['a huge --control list', ['status', '--control', `${HUGE},tests`]],
  ['an unknown control', ['evaluate', '--dry-run', '--control', HUGE]],
  ['an unknown flag', ['status', `--${HUGE}`]],
  ['a bad claim scope', ['claim', '--scope', HUGE]],
];

describe('error output is bounded by --limit', () => {
  for (const [name, args] of CASES) {
    it(`${name} of 100 KB: at most 8192 bytes by default, ending in the exit code`, async () => {
      const result = await r.run(args);
      expect(result.code).toBe(2);
      expect(Buffer.byteLength(result.err, 'utf8')).toBeLessThanOrEqual(8192);
      expect(result.err).toMatch(/^error \[/);
      expect(result.err).toMatch(/exit code 2\n$/);
      expect(result.err).toContain('bytes, cut)');
    });
  }

  it('honours an explicit --limit (also --limit=N) and keeps the next step', async () => {
    for (const limit of [['--limit', '400'], ['--limit=400']]) {
      const result = await r.run(['evaluate', '--dry-run', '--control', HUGE, ...limit]);
      expect(result.code).toBe(2);
      expect(Buffer.byteLength(result.err, 'utf8')).toBeLessThanOrEqual(400);
      expect(result.err).toMatch(/exit code 2\n$/);
    }
  });

  // A guard rather than a regression: schema errors already shorten the values they quote.
  it('a 100 KB bad value in the manifest YAML: the config error stays bounded', async () => {
    const y = makeGateRepo([
      { id: 'tests', execution: `{ type: command, argv: ${nodeArgv('1')} }` },
    ]);
    try {
      const manifest = join(y.dir, '.proofgate', 'controls', 'manifest.yaml');
      writeFileSync(
        manifest,
        readFileSync(manifest, 'utf8').replace('criticality: low', `criticality: ${HUGE}`),
      );
      const result = await y.run(['status']);
      expect(result.code).toBe(2);
      expect(Buffer.byteLength(result.err, 'utf8')).toBeLessThanOrEqual(8192);
      expect(result.err).toMatch(/exit code 2\n$/);
      expect(result.err).toContain('manifest.yaml');
    } finally {
      y.remove();
    }
  });

  it('a short error is printed whole, unchanged', async () => {
    const result = await r.run(['evaluate', '--dry-run', '--control', 'nope']);
    expect(result.code).toBe(2);
    expect(result.err).not.toContain('cut)');
    expect(result.err).toContain('nope');
  });

  it('--json still carries the whole error document on stdout', async () => {
    const result = await r.run(['evaluate', '--dry-run', '--control', HUGE, '--json']);
    expect(result.code).toBe(2);
    expect(result.out).toContain(HUGE);
    expect(Buffer.byteLength(result.err, 'utf8')).toBeLessThanOrEqual(8192);
  });
});
