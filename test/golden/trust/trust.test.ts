// Golden transcripts of the trust root: `trust export` on stdout, and `verify --trust` after the
// last committed line was deleted and an authority's stages were changed (exit 3, each named).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../../helpers/gate-repo.ts';

const NOW = '2026-01-02T03:04:05.000Z';
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

function normalise(text: string, repo: GateRepo, audits: string): string {
  return text
    .split(repo.dir)
    .join('<repo>')
    .split(audits)
    .join('<audits>')
    .split(hostname())
    .join('<host>')
    .replace(/\b[0-9a-f]{8}(?=-main)/g, '<ledger>')
    .replace(/\b[0-9a-f]{64}\b/g, '<sha256>')
    .replace(/\b[0-9a-f]{10,12}\b/g, '<hash>')
    .replace(/"bytes": \d+/g, '"bytes": <n>')
    .replace(/has \d+ bytes, fewer than the \d+/g, 'has <n> bytes, fewer than the <n>');
}

async function transcript(repo: GateRepo, audits: string, args: string[], file: string) {
  const { code, out, err } = await repo.run(args, {}, NOW);
  const shown = args.map((a) => normalise(a, repo, audits)).join(' ');
  const text = `# proofgate ${shown}\n\n## stdout\n\n\`\`\`\n${normalise(out, repo, audits)}\`\`\`\n\n## stderr\n\n\`\`\`\n${normalise(err, repo, audits)}\`\`\`\n\nExit code: ${code}\n`;
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
  expect((await repo.run(['evaluate', '--run'], {}, NOW)).code).toBe(0);
  expect((await repo.run(['evaluate', '--run'], {}, NOW)).code).toBe(0);
  repo.commit('evidence');
  await transcript(repo, audits, ['export', '--trust-root'], 'export');
  const trust = join(audits, 'app.trust.json');
  expect((await repo.run(['export', '--trust-root', '--out', trust], {}, NOW)).code).toBe(0);
  const dir = join(repo.dir, '.proofgate', 'evidence', 'ledger');
  const segment = join(dir, readdirSync(dir).find((f) => f.endsWith('.jsonl'))!);
  const lines = readFileSync(segment, 'utf8').split('\n').filter(Boolean);
  writeFileSync(segment, `${lines[0]!}\n`);
  const manifest = join(repo.dir, '.proofgate', 'controls', 'manifest.yaml');
  writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(/stages: \[cross\]/, 'stages: [self, cross]'));
  repo.commit('forged');
  await transcript(repo, audits, ['verify', '--full', '--trust', trust], 'verify-forged');
});
