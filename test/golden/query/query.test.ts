// Golden transcripts of the `proofgate query` views beyond `control` (gate.test.ts), on a ledger
// with a run, a cross audit from another clone and a granted claim: run, claim, entry, evidence,
// head, authority, subject and blockers (JSON); then an unknown entry and an unknown view (exit 2)
// and a view of an edited ledger (exit 3).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { nodeArgv } from '../../helpers/gate-repo.ts';
import { CLONE_A, CLONE_B, makeGoldenRepo, pinCloneId, type GoldenRepo } from '../../helpers/golden.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

async function claimed(): Promise<GoldenRepo> {
  const script = 'console.log("suite: 3 tests"); console.log("ok 1"); console.log("ok 2"); console.log("ok 3")';
  const r = makeGoldenRepo([{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv(script)} }` }], {
    taskStages: '[self, cross]',
    targetMaturity: 'prototype', // unsigned cross results count below engineering_ready
  });
  cleanups.push(() => r.remove());
  const dev = ['--authority-id', 'virtual:developer', '--execution-context', 'local:dev'];
  expect((await r.run(['evaluate', '--run', ...dev])).code).toBe(0);
  pinCloneId(r.dir, CLONE_B);
  const qa = ['--authority-id', 'virtual:quality', '--execution-context', 'ci:1'];
  expect((await r.run(['audit', '--audit-stage', 'cross', '--review-run', 'latest', ...qa])).code).toBe(0);
  pinCloneId(r.dir, CLONE_A);
  const claim = await r.run(['claim', '--control', 'tests', ...dev]);
  expect(claim.code, claim.out + claim.err).toBe(0);
  r.commit('evidence');
  return r;
}

test('the views of a ledger with a granted claim', async () => {
  const r = await claimed();
  await expect(r.transcript(['query', 'run'])).toMatchFileSnapshot('./run.md');
  await expect(r.transcript(['query', 'claim'])).toMatchFileSnapshot('./claim.md');
  await expect(r.transcript(['query', 'entry'])).toMatchFileSnapshot('./entry.md');
  const run = JSON.parse((await r.run(['query', 'run', '--json'])).out) as {
    items: { objects: string[] }[];
  };
  const digest = run.items[0]!.objects[0]!.slice(0, 12);
  await expect(r.transcript(['query', 'evidence', digest, '--tail', '2'])).toMatchFileSnapshot('./evidence-tail.md');
  await expect(r.transcript(['query', 'head'])).toMatchFileSnapshot('./head.md');
  await expect(r.transcript(['query', 'authority'])).toMatchFileSnapshot('./authority.md');
  await expect(r.transcript(['query', 'subject', 'HEAD'])).toMatchFileSnapshot('./subject.md');
  await expect(r.transcript(['query', 'blockers', '--json'])).toMatchFileSnapshot('./blockers-json.md');
});

test('an unknown entry, an unknown view, an edited ledger', async () => {
  const r = await claimed();
  await expect(r.transcript(['query', 'entry', 'deadbeef00'])).toMatchFileSnapshot('./refused-unknown-entry.md');
  await expect(r.transcript(['query', 'runs'])).toMatchFileSnapshot('./refused-unknown-view.md');
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  const segment = join(dir, readdirSync(dir).find((f) => f.startsWith(CLONE_B))!);
  writeFileSync(segment, readFileSync(segment, 'utf8').replace('"agree"', '"agreed"'));
  await expect(r.transcript(['query', 'blockers', '--json'])).toMatchFileSnapshot('./refused-tampered-json.md');
});
