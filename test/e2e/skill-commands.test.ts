// SKILL.md and the tool agree (issue 48, part 5): every command SKILL.md shows in a code span runs
// as written on an engineering_ready project whose controls are the ones SKILL.md names (`unit`,
// `lint`): never a usage error (2), an integrity failure (3) or an environment failure (4), never
// a stack trace. A command that needs the reader's own words or files (a `<placeholder>`, `...`,
// a profile or a pack) is listed by name below, so a new command in SKILL.md either runs here or
// is listed on purpose. And the loop SKILL.md teaches (evaluate, then claim) is granted with no key
// and no second clone.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeGateRepo, type GateRepo } from '../helpers/gate-repo.ts';
import { STACK_TRACE } from '../helpers/packed.ts';
import { pushToOrigin } from '../helpers/upstream-repo.ts';

const SKILL = readFileSync(join(import.meta.dirname, '..', '..', 'SKILL.md'), 'utf8');

/** The `proofgate …` commands of SKILL.md's code spans, without repeats, in order. */
const shown = [...new Set([...SKILL.matchAll(/`proofgate ([^`]+)`/g)].map((m) => m[1]!.trim()))];

/** Commands that need the reader's own words or files before they run: shown as a form. */
const FORMS = new Set([
  '<verb> ...',
  'query <view> <id>',
  // a verb named in prose
  'query',
  'authority approve',
  'init --profile profile.yaml',
  'init --template',
  'install --hook claude|codex',
  'campaign lint c.yaml',
  'trace check --pack p.yaml t.jsonl',
  'verify --candidate plane-mutator m.json',
  'attest --control ID --status PASS --note "..."',
  'knowledge casebase add ...',
  'export --trust-root --out ~/audits/app.trust.json',
  // signs with a key the reader registers first (its refusal says so, with the command)
  'export --claim latest --out claim.dsse.json',
  // a verdict the hook reads from the agent's stdin
  'hook stop --agent claude',
  // writes files the rest of the list would read (a plane rendered anew, keys)
  'init --render --check',
]);
const isForm = (command: string): boolean =>
  FORMS.has(command) || /<|\.\.\.|…/.test(command) || command.startsWith('init --profile');

let r: GateRepo;
// `unit` is adopted from the project's npm test script, as SKILL.md's adopt example does; ENG.TESTS
// is the catalog id its readiness example names.
const controls = [
  { id: 'lint', execution: '{ type: command, argv: [node, --check, src/calc.js] }' },
  { id: 'ENG.TESTS', execution: '{ type: command, argv: [npm, test] }' },
];
const files = {
  'package.json': `${JSON.stringify({ name: 'calc', version: '1.0.0', type: 'module', scripts: { test: 'node --test' } })}\n`,
  'src/calc.js': 'export function max(a, b) {\n  if (a > b) return a;\n  return b;\n}\n',
  'test/calc.test.js':
    "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { max } from '../src/calc.js';\ntest('max', () => assert.equal(max(1, 2), 2));\ntest('max first', () => assert.equal(max(3, 2), 3));\n",
};

beforeAll(async () => {
  r = makeGateRepo(controls, { targetMaturity: 'engineering_ready', files });
  const adopted = await r.run(['adopt', 'npm:test', '--as', 'unit']);
  expect(adopted.code, adopted.out + adopted.err).toBe(0);
  r.commit('unit adopted');
  cleanups.push(pushToOrigin(r));
  // The task's controls where the Stop hook and a bare `proofgate claim` read them.
  r.write('.git/proofgate/task.json', JSON.stringify({ controls: ['unit'] }));
});
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const clean of cleanups.splice(0)) clean();
  r.remove();
});

describe('SKILL.md and the tool agree', () => {
  test('the loop SKILL.md teaches is granted with no key and no second clone', async () => {
    const evaluate = await r.run(['evaluate', '--run', '--control', 'unit']);
    expect(evaluate.code, evaluate.out + evaluate.err).toBe(0);
    expect((await r.run(['evaluate', '--run', '--control', 'lint'])).code).toBe(0);
    const claim = await r.run(['claim', '--control', 'unit', '--control', 'lint']);
    expect(claim.code, claim.out + claim.err).toBe(0);
    expect(claim.out).toMatch(/^COMPLETED \[task\]/);
  });

  test('SKILL.md shows the commands this test knows of', () => {
    expect(shown.length).toBeGreaterThan(40);
    const forms = shown.filter(isForm);
    // every listed form is still in SKILL.md: the list cannot keep a command that is gone
    for (const form of FORMS) expect(shown, form).toContain(form);
    // the ones that run here: the loop, the views, the verbs' table examples
    expect(shown.length - forms.length).toBeGreaterThanOrEqual(28);
  });

  test.each(shown.filter((c) => !isForm(c)).map((c) => [c]))(
    'proofgate %s runs as written',
    async (command) => {
      const args = command.split(/\s+/);
      const ran = await r.run(args);
      const said = `${ran.out}${ran.err}`;
      expect([0, 1], `proofgate ${command}\n${said}`).toContain(ran.code);
      expect(said).not.toMatch(STACK_TRACE);
    },
  );
});
