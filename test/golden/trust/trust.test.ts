// Golden transcripts of the trust root: `trust export` on stdout, and `verify --trust` after the
// last committed line was deleted and an authority's stages were changed (exit 3, each named).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../../helpers/gate-repo.ts';
import { GOLDEN_NOW, inProcessTranscript } from '../../helpers/golden.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

async function transcript(repo: GateRepo, audits: string, args: string[], file: string) {
  const { text } = await inProcessTranscript(repo, args, { paths: [[audits, '<audits>']] });
  await expect(text).toMatchFileSnapshot(`./${file}.md`);
}

test('trust export, then verify --trust after a deleted line and a restaged authority', async () => {
  const repo = makeGateRepo([
    { id: 'tests', execution: `{ type: command, argv: ${nodeArgv('process.exit(0)')} }` },
  ]);
  const audits = mkdtempSync(join(tmpdir(), 'pg-audits-'));
  cleanups.push(() => {
    repo.remove();
    rmSync(audits, { recursive: true, force: true });
  });
  expect((await repo.run(['evaluate', '--run'], {}, GOLDEN_NOW)).code).toBe(0);
  expect((await repo.run(['evaluate', '--run'], {}, GOLDEN_NOW)).code).toBe(0);
  repo.commit('evidence');
  await transcript(repo, audits, ['export', '--trust-root'], 'export');
  const trust = join(audits, 'app.trust.json');
  expect((await repo.run(['export', '--trust-root', '--out', trust], {}, GOLDEN_NOW)).code).toBe(0);
  const dir = join(repo.dir, '.proofgate', 'evidence', 'ledger');
  const segment = join(dir, readdirSync(dir).find((f) => f.endsWith('.jsonl'))!);
  const lines = readFileSync(segment, 'utf8').split('\n').filter(Boolean);
  writeFileSync(segment, `${lines[0]!}\n`);
  const manifest = join(repo.dir, '.proofgate', 'controls', 'manifest.yaml');
  writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(/stages: \[cross\]/, 'stages: [self, cross]'));
  repo.commit('forged');
  await transcript(repo, audits, ['verify', '--full', '--trust', trust], 'verify-forged');
});
