// Golden transcripts of `proofgate verify` beyond the tampered ledger (gate.test.ts): an intact
// ledger by default and with --full --json, and a commit that deleted a committed ledger line,
// found against --base (exit 3).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { nodeArgv } from '../../helpers/gate-repo.ts';
import { makeGoldenRepo, type GoldenRepo } from '../../helpers/golden.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

async function twoRuns(): Promise<GoldenRepo> {
  const r = makeGoldenRepo([
    { id: 'tests', execution: `{ type: command, argv: ${nodeArgv('process.exit(1)')} }` },
  ]);
  cleanups.push(() => r.remove());
  expect((await r.run(['evaluate', '--run'])).code).toBe(1);
  expect((await r.run(['evaluate', '--run'])).code).toBe(1);
  r.commit('evidence');
  return r;
}

test('verify an intact ledger', async () => {
  const r = await twoRuns();
  await expect(r.transcript(['verify'])).toMatchFileSnapshot('./intact.md');
  await expect(r.transcript(['verify', '--full', '--json'])).toMatchFileSnapshot('./intact-full-json.md');
});

test('verify --base after a commit deleted the last recorded FAIL', async () => {
  const r = await twoRuns();
  r.git('tag', 'base');
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  const segment = join(dir, readdirSync(dir).find((f) => f.endsWith('.jsonl'))!);
  const lines = readFileSync(segment, 'utf8').split('\n').filter(Boolean);
  writeFileSync(segment, `${lines.slice(0, -1).join('\n')}\n`);
  r.commit('chore: tidy evidence');
  await expect(r.transcript(['verify', '--base', 'base'])).toMatchFileSnapshot('./rewritten-base.md');
});

test('verify --candidate: a valid closure and a rejected mutator', async () => {
  const r = makeGoldenRepo([{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('1')} }` }]);
  cleanups.push(() => r.remove());
  const closure = {
    format: 'proofgate.execution-closure/1',
    id: 'c1',
    capabilities: [{ id: 'fs' }],
    hops: [
      { id: 'try', capability: 'fs', phase: 'attempt' },
      { id: 'end', capability: 'fs', phase: 'close', after: ['try'], consumes: ['try'] },
    ],
    chains: [{ id: 'main', hops: ['try', 'end'] }],
  };
  r.write('closure.json', JSON.stringify(closure));
  const closureArgs = ['verify', '--candidate', 'execution-closure', 'closure.json'];
  await expect(r.transcript(closureArgs)).toMatchFileSnapshot('./candidate-valid.md');
  const ops = [{ kind: 'docs', path: 'docs/a.md', action: 'update' }];
  const kinds = { manifest: 'read-only', registry: 'read-only', traces: 'read-only', knowledge: 'read-only', docs: 'write', index: 'read-only', evidence: 'read-only', ledger: 'write' };
  const digest = `sha256:${'0'.repeat(64)}`;
  r.write('mutator.json', JSON.stringify({ format: 'proofgate.plane-mutator/1', id: 'm1', kinds, plan: { digest, operations: ops }, observed_writes: [{ kind: 'docs', path: 'docs/a.md' }, { kind: 'index', path: 'INDEX.md' }] }));
  const mutatorArgs = ['verify', '--candidate', 'plane-mutator', 'mutator.json'];
  await expect(r.transcript(mutatorArgs)).toMatchFileSnapshot('./candidate-rejected.md');
});
