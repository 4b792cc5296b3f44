// query: every view answers from the verified ledger; an unknown view or id is exit 2.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

let r: GateRepo;
let runHash = '';
beforeAll(async () => {
  r = makeGateRepo([
    {
      id: 'tests',
      execution: `{ type: command, argv: ${nodeArgv('console.log("all 3 tests ok")')} }`,
    },
    { id: 'lint', execution: '{ type: slot, hint: the linter }' },
  ]);
  await r.run(['evaluate', '--run', '--control', 'tests']);
  const run = await r.run(['query', 'run', 'latest', '--json']);
  runHash = (JSON.parse(run.out) as { items: { hash: string }[] }).items[0]!.hash;
});
afterAll(() => r.remove());

describe('query views', () => {
  it('control: status first, then the history', async () => {
    const q = await r.run(['query', 'control', 'tests']);
    expect(q.code).toBe(0);
    expect(q.out).toMatch(/tests PASS/);
    expect(q.out).toContain(runHash.slice(0, 12));
  });

  it('run by hash prefix; evidence shows the stored review copy', async () => {
    const run = await r.run(['query', 'run', runHash.slice(0, 10), '--json']);
    const body = (JSON.parse(run.out) as { items: { body: { review: string } }[] }).items[0]!.body;
    const evidence = await r.run(['query', 'evidence', body.review.slice(0, 12)]);
    expect(evidence.code).toBe(0);
    expect(evidence.out).toContain('all 3 tests ok');
  });

  it('blockers lists the open slot with the next command; head and authority answer', async () => {
    const blockers = await r.run(['status', '--blockers']);
    expect(blockers.out).toMatch(/TODO\s+lint \[self\]: .*→ proofgate adopt --list/);
    // The project claim's blockers: tests passed its self stage and waits only for the cross audit.
    expect(blockers.out).not.toMatch(/\btests \[self\]/);
    expect(blockers.out).toMatch(/\btests \[cross\]/);
    expect((await r.run(['query', 'head'])).out).toContain(runHash.slice(0, 12));
    expect((await r.run(['query', 'authority', 'virtual:developer'])).out).toMatch(/1 entries/);
  });

  it('chain walks the requirement graph; the old name trace is refused, naming chain', async () => {
    const chain = await r.run(['query', 'chain', 'tests']);
    expect(chain.code).toBe(0);
    expect(chain.out).toMatch(/^chain tests: \d+ item\(s\)\n\s+control\s+control:tests\n/);
    expect(chain.err).toBe('');
    const old = await r.run(['query', 'trace', 'tests']);
    expect(old.code).toBe(2);
    expect(old.out).toBe('');
    expect(old.err).toContain("did you mean 'proofgate query chain'?");
  });

  it.each([
    [['query', 'nonsense']],
    [['query', 'control', 'nope']],
    [['query', 'run', 'deadbeefdeadbeef']],
    [['query', 'claim']],
    [['query', 'authority', 'human:nobody']],
    [['query', 'evidence', 'zz']],
    [['query', 'decisions']],
    [['query', 'chain', 'REQ-NOPE']],
    [['query', 'trace', 'REQ-NOPE']],
  ])('%j fails with exit 2', async (args) => {
    const q = await r.run(args);
    expect(q.code).toBe(2);
    expect(q.out).toBe('');
  });
});
