// query evidence --tail / --grep: the end of a long failing output is readable through the CLI,
// the human output keeps the end when it must cut, --json has every selected line whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

let r: GateRepo;
let review = '';
// 400 lines of noise, then the failure at the very end (as a test runner prints it).
const script =
  'for(let i=1;i<=400;i++)console.log("ok "+i+" "+"x".repeat(60));' +
  'console.log("FAIL src/cart.test.ts > totals"); console.log("token ghp_" + "a".repeat(36)); process.exitCode = 1';

beforeAll(async () => {
  r = makeGateRepo([{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv(script)} }` }]);
  await r.run(['evaluate', '--run', '--control', 'tests']);
  const run = await r.run(['query', 'run', 'latest', '--json']);
  review = (JSON.parse(run.out) as { items: { body: { review: string } }[] }).items[0]!.body.review;
});
afterAll(() => r.remove());

/** `query evidence` of the failing run's review output, by a 12-digit prefix, with these flags. */
const evidence = (...flags: string[]) =>
  r.run(['query', 'evidence', review.slice(0, 12), ...flags]);

describe('query evidence reads a long output', () => {
  it('without --tail it shows the start and says how to see the end', async () => {
    const q = await evidence();
    expect(q.code).toBe(0);
    expect(q.out).toContain('ok 1 ');
    expect(q.out).not.toContain('FAIL src/cart.test.ts');
    expect(q.out).toContain(`proofgate query evidence ${review.slice(0, 12)} --tail 50`);
  });

  it('--tail N shows the last N lines, numbered, with the failure; secrets stay redacted', async () => {
    const q = await evidence('--tail', '3');
    expect(q.code).toBe(0);
    expect(q.out).toMatch(/last 3 of 402 lines:/);
    expect(q.out).toMatch(/400\| ok 400 /);
    expect(q.out).toMatch(/401\| FAIL src\/cart\.test\.ts > totals/);
    expect(q.out).not.toMatch(/ghp_a{36}/);
    expect(q.out).not.toMatch(/399\|/);
  });

  it('a large --tail keeps the end within the human bound; --json has every line whole', async () => {
    const q = await evidence('--tail', '1000');
    expect(Buffer.byteLength(q.out)).toBeLessThanOrEqual(8192);
    expect(q.out).toContain('FAIL src/cart.test.ts');
    expect(q.out).toMatch(/earlier line\(s\) not shown \(--json has them all\)/);
    expect(q.out).not.toContain('output truncated');
    const json = await evidence('--tail', '1000', '--json');
    const item = (
      JSON.parse(json.out) as {
        items: { lines: { number: number; text: string }[]; total_lines: number; digest: string }[];
      }
    ).items[0]!;
    expect(item.digest).toBe(review);
    expect(item.total_lines).toBe(402);
    expect(item.lines).toHaveLength(402);
    expect(item.lines[0]).toEqual({ number: 1, text: `ok 1 ${'x'.repeat(60)}` });
    expect(JSON.stringify(item.lines)).not.toMatch(/ghp_a{36}/);
  });

  it('--grep matches a literal text, or /regex/flags in RE2', async () => {
    const literal = await evidence('--grep', 'FAIL src');
    expect(literal.out).toMatch(/1 line\(s\) matching FAIL src of 402:/);
    expect(literal.out).toMatch(/401\| FAIL src/);
    // A literal is not a regex: the dot and brackets match themselves only.
    const dots = await evidence('--grep', 'ok 1.');
    expect(dots.out).toMatch(/0 line\(s\) matching/);
    const regex = await evidence('--grep', '/^ok 39[0-9] /', '--tail', '2');
    expect(regex.out).toMatch(/398\| ok 398/);
    expect(regex.out).toMatch(/399\| ok 399/);
    expect(regex.out).not.toMatch(/397\|/);
    const insensitive = await evidence('--grep', '/fail/i');
    expect(insensitive.out).toMatch(/401\| FAIL/);
  });

  it.each([
    [['--tail', '0']],
    [['--tail', '-3']],
    [['--tail', 'abc']],
    [['--tail', '1.5']],
    [['--grep', '']],
    // RE2 refuses backreferences and lookahead: no pattern can backtrack catastrophically.
    [['--grep', '/(a)\\1/']],
    [['--grep', '/x(?=y)/']],
    [['--grep', '/[/']],
  ])('%j is a usage error (exit 2)', async (flags) => {
    const q = await evidence(...flags);
    expect(q.code).toBe(2);
    expect(q.out).toBe('');
  });

  it('a catastrophic-backtracking pattern runs in linear time instead of hanging', async () => {
    const q = await evidence('--grep', '/^(x+x+)+y$/');
    expect(q.code).toBe(0);
    expect(q.out).toMatch(/0 line\(s\) matching/);
  });

  it('--tail and --grep belong to the evidence view only', async () => {
    expect((await r.run(['query', 'run', 'latest', '--tail', '5'])).code).toBe(2);
    expect((await r.run(['query', 'head', '--grep', 'x'])).code).toBe(2);
  });
});

describe('query evidence under a small --limit', () => {
  it('still shows the last lines, within the bound', async () => {
    const q = await evidence('--tail', '50', '--limit', '600');
    expect(q.code).toBe(0);
    expect(q.out).toContain('FAIL src/cart.test.ts');
    expect(Buffer.byteLength(q.out)).toBeLessThanOrEqual(600);
  });
});
