// The lookups an auditor needs: any entry by hash prefix (every kind), a claim with scope,
// controls, code, stages and each supporting entry (superseded claims marked), and the commit an
// entry's subject tree comes from, recomputed by `query subject <commit>`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../scripts/lib/core/hash.ts';
import { crossAuditArgv } from '../helpers/audit-argv.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

let r: GateRepo;
let commit = '';
const CROSS = crossAuditArgv('ci:1');

function ledgerLines(): { hash: string; kind: string }[] {
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean))
    .map((line) => ({ hash: sha256Hex(line), kind: (JSON.parse(line) as { kind: string }).kind }));
}

beforeAll(async () => {
  r = makeGateRepo(
    [
      { id: 'tests', execution: `{ type: command, argv: ${nodeArgv('console.log("ok")')} }` },
      { id: 'quiet', execution: `{ type: command, argv: ${nodeArgv('1')} }` },
    ],
    // Unsigned cross audits count at prototype only.
    { taskStages: '[self, cross]', targetMaturity: 'prototype' },
  );
  commit = r.git('rev-parse', 'HEAD').trim();
  await r.run(['evaluate', '--run', '--execution-context', 'local:a']);
  await r.run(CROSS);
  expect((await r.run(['claim', '--control', 'tests'])).code).toBe(0);
  expect((await r.run(['claim', '--control', 'tests', '--control', 'quiet'])).code).toBe(0);
  await r.run(['attest', '--help']);
});
afterAll(() => r.remove());

describe('query entry', () => {
  it('opens every entry of every kind by a hash prefix', async () => {
    const lines = ledgerLines();
    expect(new Set(lines.map((l) => l.kind))).toEqual(new Set(['run', 'audit', 'claim']));
    for (const { hash, kind } of lines) {
      const q = await r.run(['query', 'entry', hash.slice(0, 10)]);
      expect(q.code, `${kind} ${hash}`).toBe(0);
      expect(q.out).toContain(`${hash.slice(0, 12)} ${kind}`);
      expect(q.out).toMatch(
        / {2}code {7}tree [0-9a-f]{8} = commit [0-9a-f]{7} minus .*\.proofgate\/evidence\//,
      );
    }
  });

  it('names the commit the code came from, and labels an empty output', async () => {
    const quiet = ledgerLines().find((l) => l.kind === 'run')!;
    const runs = ledgerLines().filter((l) => l.kind === 'run');
    const outs = await Promise.all(runs.map((l) => r.run(['query', 'entry', l.hash.slice(0, 12)])));
    expect(outs.some((o) => o.out.includes('empty output (0 bytes)'))).toBe(true);
    const q = await r.run(['query', 'entry', quiet.hash.slice(0, 12)]);
    expect(q.out).toContain(`= commit ${commit.slice(0, 7)} minus`);
  });

  it('query run refuses an audit hash and points to query entry', async () => {
    const audit = ledgerLines().find((l) => l.kind === 'audit')!;
    const q = await r.run(['query', 'run', audit.hash.slice(0, 12)]);
    expect(q.code).toBe(2);
    expect(q.err).toContain(`proofgate query entry ${audit.hash.slice(0, 12)}`);
  });

  it.each([
    [['query', 'entry', 'zz']],
    [['query', 'entry', '00000000']],
    [['query', 'subject']],
    [['query', 'subject', 'no-such-ref']],
  ])('%j fails with exit 2', async (args) => {
    expect((await r.run(args)).code).toBe(2);
  });
});

describe('query claim', () => {
  it('shows scope, controls, code, stages and opens each supporting entry', async () => {
    const q = await r.run(['query', 'claim', 'latest']);
    expect(q.code).toBe(0);
    expect(q.out).toMatch(/^ {4}scope {6}task at /m);
    expect(q.out).toMatch(/^ {4}controls {3}quiet, tests$/m);
    expect(q.out).toMatch(
      /^ {4}stages {5}cross: virtual:quality @ ci:1; self: virtual:developer @ local:a$/m,
    );
    expect(q.out).toContain(`= commit ${commit.slice(0, 7)} minus`);
    expect(q.out).not.toContain('SUPERSEDED');
    const supporting = [...q.out.matchAll(/^ {6}([0-9a-f]{12}) /gm)].map((m) => m[1]!);
    expect(supporting).toHaveLength(4);
    for (const hash of supporting)
      expect((await r.run(['query', 'entry', hash])).code, hash).toBe(0);
  });

  it('marks a claim that a later one covers as superseded', async () => {
    const first = ledgerLines().find((l) => l.kind === 'claim')!;
    const q = await r.run(['query', 'claim', first.hash.slice(0, 12), '--json']);
    const items = (JSON.parse(q.out) as { items: Record<string, unknown>[] }).items;
    expect(items.some((i) => typeof i['supersededBy'] === 'string')).toBe(true);
    expect((await r.run(['query', 'claim', first.hash.slice(0, 12)])).out).toContain(
      'SUPERSEDED by claim',
    );
  });
});

describe('query subject', () => {
  it('recomputes the subject tree of a commit: the tree the entries recorded', async () => {
    // Commit the evidence: the commit's own tree now holds the ledger, its subject tree does not.
    r.git('add', '-A');
    r.git('commit', '-q', '-m', 'evidence');
    const evidence = r.git('rev-parse', 'HEAD').trim();
    const q = await r.run(['query', 'subject', evidence.slice(0, 7), '--json']);
    expect(q.code).toBe(0);
    const head = (JSON.parse(q.out) as { items: { tree: string; entries: number }[] }).items[0]!;
    const recorded = (await r.run(['query', 'run', 'latest', '--json'])).out;
    const tree = (JSON.parse(recorded) as { items: { subject: { tree: string } }[] }).items[0]!
      .subject.tree;
    expect(head.tree).toBe(tree);
    expect(head.entries).toBe(ledgerLines().length);
    expect(r.git('rev-parse', `${evidence}^{tree}`).trim()).not.toBe(tree);
    const text = await r.run(['query', 'subject', 'HEAD']);
    expect(text.out).toMatch(
      new RegExp(`commit ${evidence.slice(0, 7)} minus [^\\n]*\\.proofgate/evidence/`),
    );
  });
});
