// Golden transcripts of the verbs CI depends on (see ARCHITECTURE.md): evaluate with a FAIL, a
// refused and a granted claim, status, query, and verify on a tampered ledger (exit 3). Each file
// is test/golden/<verb>/<case>.md; temp paths, hashes, durations and host names are normalised.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../../helpers/gate-repo.ts';
import { GOLDEN_NOW, inProcessTranscript } from '../../helpers/golden.ts';

async function transcript(repo: GateRepo, args: string[], file: string): Promise<void> {
  await expect((await inProcessTranscript(repo, args)).text).toMatchFileSnapshot(`../${file}.md`);
}

test('evaluate with a FAIL, the refused claim, status', async () => {
  const repo = makeGateRepo([
    { id: 'tests', execution: `{ type: command, argv: ${nodeArgv('process.exit(1)')} }` },
  ]);
  await transcript(repo, ['evaluate', '--run'], 'evaluate/fail');
  await transcript(repo, ['claim', '--control', 'tests'], 'claim/refused');
  await transcript(repo, ['status'], 'status/after-fail');
});

test('a granted claim and query', async () => {
  const repo = makeGateRepo([
    { id: 'tests', execution: `{ type: command, argv: ${nodeArgv('process.exit(0)')} }` },
  ]);
  expect((await repo.run(['evaluate', '--run'], {}, GOLDEN_NOW)).code).toBe(0);
  await transcript(repo, ['claim', '--control', 'tests', '--no-record'], 'claim/granted');
  // A plain claim works the task out as the Stop hook does (here, with no base: every control).
  await transcript(repo, ['claim', '--no-record'], 'claim/plain-granted');
  await transcript(repo, ['query', 'control', 'tests'], 'query/control');
});

test('verify on a tampered ledger', async () => {
  const repo = makeGateRepo([
    { id: 'tests', execution: `{ type: command, argv: ${nodeArgv('process.exit(0)')} }` },
  ]);
  // Two entries: the second names the first's hash, so changing the first breaks the chain.
  expect((await repo.run(['evaluate', '--run'], {}, GOLDEN_NOW)).code).toBe(0);
  expect((await repo.run(['evaluate', '--run'], {}, GOLDEN_NOW)).code).toBe(0);
  const dir = join(repo.dir, '.proofgate', 'evidence', 'ledger');
  const segments = readdirSync(dir).map((f) => join(dir, f));
  const segment = segments.find((f) => readFileSync(f, 'utf8').includes('"tests"'))!;
  writeFileSync(segment, readFileSync(segment, 'utf8').replace('"tests"', '"testz"'));
  await transcript(repo, ['verify', '--full'], 'verify/tampered');
});
