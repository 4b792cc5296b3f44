// `verify --full` proves on its own that the working ledger extends the ledger committed at HEAD,
// as every verdict does: a committed line deleted locally is a finding naming where, without any
// upstream or --base.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

async function committedRuns(
  runs: number,
): Promise<{ r: GateRepo; file: string; lines: string[] }> {
  const r = makeGateRepo([{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('1')} }` }]);
  repos.push(r);
  for (let i = 0; i < runs; i++) expect((await r.run(['evaluate', '--run'])).code).toBe(0);
  r.git('add', '.proofgate/evidence');
  r.git('commit', '-q', '-m', 'evidence');
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  const name = readdirSync(dir).find((f) => f.endsWith('.jsonl'));
  if (name === undefined) throw new Error('no segment');
  const file = join(dir, name);
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '');
  return { r, file, lines };
}

describe('verify --full proves the ledger committed at HEAD is still its prefix', () => {
  it('an intact committed ledger plus a new local line verifies', async () => {
    const { r } = await committedRuns(1);
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const verify = await r.run(['verify', '--full']);
    expect(verify.code).toBe(0);
    expect(verify.out).toContain('INTACT');
  });

  it('deleting the last committed line: exit 3 naming the line, with or without --no-base', async () => {
    const { r, file, lines } = await committedRuns(2);
    expect(lines).toHaveLength(2);
    writeFileSync(file, `${lines[0]}\n`);
    for (const args of [['verify', '--full'], ['verify'], ['verify', '--no-base']]) {
      const verify = await r.run(args);
      expect(verify.code).toBe(3);
      expect(verify.out).toMatch(/\.jsonl:2: HISTORY_REWRITTEN/);
      expect(verify.out).toContain('committed at HEAD');
    }
  });

  it('replacing a committed line with a valid-looking other line is a finding too', async () => {
    const { r, file, lines } = await committedRuns(2);
    // Drop the first line and keep the second: the chain breaks and the committed prefix differs.
    writeFileSync(file, `${lines[1]}\n`);
    const verify = await r.run(['verify', '--full', '--json']);
    expect(verify.code).toBe(3);
    const report = JSON.parse(verify.out) as { findings: { code: string; line: number }[] };
    expect(report.findings.some((f) => f.code === 'HISTORY_REWRITTEN' && f.line === 1)).toBe(true);
  });
});
