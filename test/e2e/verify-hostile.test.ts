// Hostile ledger sizes through the real CLI: many bad lines and an overlong line are findings with
// file:line (exit 3, a capped list, every finding counted), never a crash or exit 4.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { runInProcess } from '../helpers/cli.ts';
import { createLedgerRepo } from '../helpers/ledger-repo.ts';
import type { LedgerRepo } from '../helpers/ledger-repo.ts';

let repo: LedgerRepo | undefined;
afterEach(() => repo?.cleanup());

const segment = (root: string): string =>
  join(root, '.proofgate', 'evidence', 'ledger', '0000aaaa-main.jsonl');

describe('verify --full on hostile segment sizes', () => {
  test('50k "{}" lines: exit 3, every line counted, the list capped', async () => {
    repo = createLedgerRepo();
    mkdirSync(join(repo.root, '.proofgate', 'evidence', 'ledger'), { recursive: true });
    writeFileSync(segment(repo.root), '{}\n'.repeat(50_000));
    const result = await runInProcess(['verify', '--full', '--json', '--root', repo.root]);
    expect(result.code).toBe(3);
    const report = JSON.parse(result.stdout) as {
      findingCount: number;
      findings: { line: number; code: string }[];
      checkedLines: number;
    };
    expect(report.checkedLines).toBe(50_000);
    expect(report.findingCount).toBeGreaterThanOrEqual(50_000);
    expect(report.findings.length).toBe(1000);
    expect(report.findings[0]).toMatchObject({ line: 1, code: 'BAD_ENTRY' });
  });

  test('a line over the cap is a LINE_TOO_LONG finding at its line, not a crash', async () => {
    repo = createLedgerRepo();
    mkdirSync(join(repo.root, '.proofgate', 'evidence', 'ledger'), { recursive: true });
    writeFileSync(segment(repo.root), `{}\n${'x'.repeat(3 << 20)}\n{}\n`);
    const result = await runInProcess(['verify', '--full', '--json', '--root', repo.root]);
    expect(result.code).toBe(3);
    const report = JSON.parse(result.stdout) as { findings: { line: number; code: string }[] };
    expect(report.findings.filter((f) => f.code === 'LINE_TOO_LONG').map((f) => f.line)).toEqual([
      2,
    ]);
    expect(report.findings.some((f) => f.line === 3)).toBe(true);
  });
});
