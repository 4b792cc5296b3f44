// The knowledge verbs through the real CLI process: exit codes and stdout/stderr as a user sees them.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { sha256Hex } from '../../scripts/lib/core/hash.ts';

const BIN = resolve(import.meta.dirname, '../../bin/proofgate.js');
const ENV = {
  PATH: process.env['PATH'] ?? '',
  HOME: tmpdir(),
  NO_COLOR: '1',
  TZ: 'UTC',
  PROOFGATE_NOW: '2026-02-01T00:00:00.000Z',
};

it('refuses a fact without evidence (exit 2), records one with it, and marks it stale after an edit', () => {
  const repo = mkdtempSync(join(tmpdir(), 'pg-knowledge-e2e-'));
  execFileSync('git', ['init', '-q'], { cwd: repo });
  mkdirSync(join(repo, '.proofgate/controls'), { recursive: true });
  mkdirSync(join(repo, '.proofgate/evidence/ledger'), { recursive: true });
  mkdirSync(join(repo, 'src'));
  writeFileSync(join(repo, '.proofgate/controls/manifest.yaml'), 'version: 1\n');
  writeFileSync(join(repo, '.proofgate/evidence/ledger/main.jsonl'), '{"seq":0}\n');
  writeFileSync(join(repo, 'src/a.ts'), 'export const a = 1;\n');
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [BIN, ...args, '--root', repo], {
      cwd: resolve(import.meta.dirname, '../..'),
      env: ENV,
      encoding: 'utf8',
    });

  const fact = ['knowledge', 'memory', 'add', 'a is one', '--path', 'src/a.ts'];
  const refused = run(...fact, '--maturity', 'repeated');
  expect(refused.status).toBe(2);
  expect(refused.stderr).toContain('--evidence: missing');
  expect(refused.stderr).not.toMatch(/\n\s+at /);

  const added = run(...fact, '--maturity', 'repeated', '--evidence', sha256Hex('{"seq":0}'));
  expect(added.status).toBe(0);
  writeFileSync(join(repo, 'src/a.ts'), 'export const a = 2;\n');
  const listed = run('knowledge', 'memory', 'list');
  expect(listed.status).toBe(0);
  expect(listed.stdout).toMatch(/^1 facts, 1 stale\nMF-0001 STALE \(path_changed\)/);
}, 60_000);
