// A FAIL line in evaluate, status and claim quotes the end of the failing output (at most five
// lines, each cut short, redacted) and names the command that reads more of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

let r: GateRepo;
let evaluate = '';
const script =
  'for(let i=1;i<=300;i++)console.log("ok "+i);' +
  'console.log("AssertionError: expected 3 to be 4 " + "y".repeat(500));' +
  'console.log("  at src/cart.test.ts:257");' +
  'console.log("token ghp_" + "b".repeat(36));' +
  'console.log("");' +
  'console.log("Tests: 1 failed, 299 passed"); process.exitCode = 1';

beforeAll(async () => {
  r = makeGateRepo([
    { id: 'tests', execution: `{ type: command, argv: ${nodeArgv(script)} }` },
    { id: 'quiet', execution: `{ type: command, argv: ${nodeArgv('process.exitCode = 1')} }` },
  ]);
  evaluate = (await r.run(['evaluate', '--run'])).out;
});
afterAll(() => r.remove());

function quoted(out: string, control: string): string[] {
  const lines = out.split('\n');
  const at = lines.findIndex((l) => new RegExp(`FAIL\\s+${control}\\b`).test(l));
  expect(at).toBeGreaterThanOrEqual(0);
  const rest = lines.slice(at + 1);
  return rest.slice(
    0,
    rest.findIndex((l) => !l.startsWith('    | ')),
  );
}

describe('FAIL lines quote the failing output', () => {
  it.each(['evaluate', 'status', 'claim'])(
    '%s shows the last lines, bounded and redacted',
    async (verb) => {
      const out =
        verb === 'evaluate'
          ? evaluate
          : (await r.run(verb === 'status' ? ['status'] : ['claim', '--control', 'tests'])).out;
      const tail = quoted(out, 'tests');
      // The last five non-blank lines: the blank one is skipped, "ok 299" is one too far back.
      expect(tail).toHaveLength(5);
      expect(tail[0]).toBe('    | ok 300');
      expect(tail[1]).toMatch(/^ {4}\| AssertionError: expected 3 to be 4 y+…$/);
      expect(tail[1]!.length).toBeLessThanOrEqual(6 + 200);
      expect(tail.join('\n')).not.toMatch(/ghp_b{36}/);
      expect(tail[4]).toBe('    | Tests: 1 failed, 299 passed');
      expect(out).toMatch(/\n {4}next: proofgate query evidence [0-9a-f]{12} --tail 50\n/);
    },
  );

  it('the read-more command shows the same end, and more of it', async () => {
    const next = /next: (proofgate query evidence ([0-9a-f]{12}) --tail 50)/.exec(evaluate)!;
    const q = await r.run(['query', 'evidence', next[2]!, '--tail', '50']);
    expect(q.code).toBe(0);
    expect(q.out).toMatch(/\| {3}at src\/cart\.test\.ts:257/);
    expect(q.out).toMatch(/\| ok 260\n/);
  });

  it('an empty failing output quotes nothing and points nowhere', () => {
    expect(quoted(evaluate, 'quiet')).toEqual([]);
    expect(evaluate).toMatch(/FAIL\s+quiet: [^\n]*\n(?! {4}next: proofgate query evidence)/);
  });

  it('--json carries the tail and the object digest in full', async () => {
    const status = JSON.parse((await r.run(['status', '--json'])).out) as {
      statuses: { control: string; output?: { object: string; tail: string[] } }[];
    };
    const tests = status.statuses.find((s) => s.control === 'tests')!;
    expect(tests.output!.object).toMatch(/^[0-9a-f]{64}$/);
    expect(tests.output!.tail).toHaveLength(5);
  });
});
