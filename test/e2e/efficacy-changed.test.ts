// `efficacy --changed [<base>]` (issue 50, part 3): a mutation run limited to the lines changed
// since a base, the trusted base claim uses by default; and a run of several controls (as status
// prints it) skips a control where no operator applies, says why, and measures the others (part 4).
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, type GateRepo } from '../helpers/gate-repo.ts';
import { pushToOrigin } from '../helpers/upstream-repo.ts';
import { actingAs } from '../helpers/audit-argv.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const ENV = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' };
const DEV = actingAs('virtual:developer', 'local:dev');
const CALC = 'export function max(a, b) {\n  return a > b ? a : b;\n}\n';
const TEST = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { max } from '../src/calc.js';

test('max', () => {
  assert.equal(max(1, 2), 2);
  assert.equal(max(3, 2), 3);
  assert.equal(max(-0, 0), 0);
  assert.ok(Object.is(max(0, -0), -0), 'a tie returns b: the boundary is tested');
});
`;
const pkg = `${JSON.stringify({ name: 'calc', version: '1.0.0', type: 'module', scripts: { test: 'node --test test/' } })}\n`;

function project(): GateRepo {
  const r = makeGateRepo(
    [
      {
        id: 'ENG.TESTS',
        execution: '{ type: command, argv: [npm, test] }',
        // Its code: without inputs the scope would be every tracked source, the helper's untested
        // src/app.js too (issue 50 part 2).
        inputs: ['src/calc.js', 'test/**', 'package.json'],
      },
      {
        id: 'ENG.DOCS',
        execution: '{ type: command, argv: [node, -e, "0"] }',
        inputs: ['docs/**'],
      },
    ],
    {
      files: {
        'package.json': pkg,
        'src/calc.js': CALC,
        'test/calc.test.js': TEST,
        'docs/guide.md': '# Guide\n',
      },
    },
  );
  cleanups.push(() => r.remove());
  return r;
}

describe('efficacy of several controls, as status prints it', () => {
  it('a control where no operator applies is skipped, saying why; the others are measured', async () => {
    const r = project();
    const ran = await r.run(
      ['efficacy', '--control', 'ENG.TESTS', '--control', 'ENG.DOCS', '--mutate', 'all', ...DEV],
      ENV,
    );
    expect(ran.code, ran.out + ran.err).toBe(0);
    expect(ran.out).toMatch(/^OK mutate:all: (\d+) of \1 seeded defects caught by 1 control\(s\)/);
    expect(ran.out).toContain("ENG.DOCS: skipped: no all mutation site in ENG.DOCS's files");
    expect(ran.out).toMatch(/ENG\.TESTS: caught \d+ of \d+/);
  });

  it('one control with no site is still the usage error it was, with its way forward', async () => {
    const r = project();
    const ran = await r.run(['efficacy', '--control', 'ENG.DOCS', '--mutate', 'all', ...DEV], ENV);
    expect(ran.code).toBe(2);
    expect(ran.err).toContain("no all mutation site in ENG.DOCS's files");
  });
});

describe('efficacy --changed', () => {
  function withBase(): GateRepo {
    const r = project();
    r.commit('base');
    cleanups.push(pushToOrigin(r));
    return r;
  }

  it('mutates only the lines changed since the trusted base, and names each survivor', async () => {
    const r = withBase();
    // A `min` whose test asserts nothing: every mutant in it survives; `max` is not touched.
    r.write('src/calc.js', `${CALC}export function min(a, b) {\n  return a < b ? a : b;\n}\n`);
    r.write('test/min.test.js', "import { test } from 'node:test';\ntest('min', () => {});\n");
    const ran = await r.run(['efficacy', '--control', 'ENG.TESTS', '--changed', ...DEV], ENV);
    expect(ran.code, ran.out + ran.err).toBe(1);
    expect(ran.out).toMatch(/^WEAK mutate:changed \(lines changed since origin\/main\): 0 of \d+/);
    expect(ran.out).toContain(
      'survived flip-comparison at src/calc.js:5: `return a < b ? a : b;` → `return a >= b ? a : b;`',
    );
    const lines = [...ran.out.matchAll(/at src\/calc\.js:(\d+)/g)].map((m) => Number(m[1]));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toBeGreaterThanOrEqual(4);
  });

  it('nothing changed: no site in the changed lines, said so, not a failure', async () => {
    const r = withBase();
    const ran = await r.run(
      ['efficacy', '--control', 'ENG.TESTS', '--changed', 'origin/main', ...DEV],
      ENV,
    );
    expect(ran.code, ran.out + ran.err).toBe(0);
    expect(ran.out).toContain(
      'ENG.TESTS: skipped: no mutation site in the lines changed since origin/main',
    );
  });

  it('without a base: a usage error naming the ref to give', async () => {
    const r = project();
    const ran = await r.run(['efficacy', '--control', 'ENG.TESTS', '--changed', ...DEV], ENV);
    expect(ran.code).toBe(2);
    expect(ran.err).toContain('--changed found no base to count changed lines from');
    expect(ran.err).toContain('--changed origin/main');
  });
});
