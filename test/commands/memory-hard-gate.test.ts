// A memory fact at maturity hard_gate needs a current PASS of a control whose inputs cover the
// fact's path; any other ledger entry (a FAIL, a PASS of a control about other files, a PASS on
// older code) is refused with the reason (exit 2).
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { globCovers } from '../../scripts/lib/core/knowledge/hard-gate-evidence.ts';
import { controlYaml, hypothesisArgs, memoryArgs, planeWith } from '../helpers/knowledge-plane.ts';
import type { KnowledgePlane } from '../helpers/knowledge-plane.ts';

const node = JSON.stringify(process.execPath);
const control = (id: string, script: string, inputs: string): string =>
  controlYaml(id, 'R1', 'K1', 'prototype', `{ type: command, argv: [${node}, ${script}] }`) +
  `\n    inputs: [${inputs}]`;

function hashOf(plane: KnowledgePlane, control: string, status: string): string {
  const dir = join(plane.root, '.proofgate/evidence/ledger');
  const lines = readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .flatMap((n) => readFileSync(join(dir, n), 'utf8').split('\n'))
    .filter((l) => l !== '');
  const line = lines.findLast((l) => {
    const e = JSON.parse(l) as { kind: string; body: { control?: string; status?: string } };
    return e.kind === 'run' && e.body.control === control && e.body.status === status;
  });
  if (line === undefined) throw new Error(`no ${status} run of ${control}`);
  return createHash('sha256').update(line).digest('hex');
}

/**
 * A plane with three evaluated controls: `unit` PASSes and covers src/orders.ts, `broken` FAILs
 * and covers src/, `other` PASSes and covers only its script.
 */
async function evaluatedPlane(): Promise<KnowledgePlane> {
  const plane = planeWith(
    control('unit', 'pass.mjs', 'src/orders.ts, pass.mjs') +
      control('broken', 'fail.mjs', 'src/, fail.mjs') +
      control('other', 'pass.mjs', 'pass.mjs'),
  );
  plane.write('pass.mjs', 'process.exit(0);\n');
  plane.write('fail.mjs', 'process.exit(1);\n');
  for (const id of ['unit', 'broken', 'other']) {
    await plane.run(['evaluate', '--run', '--control', id]);
  }
  return plane;
}

const fact = (evidence: string, maturity = 'hard_gate'): string[] =>
  memoryArgs('orders are capped at 100', 'src/orders.ts', evidence, maturity);

describe('memory add --maturity hard_gate', { timeout: 60_000 }, () => {
  it('accepts only a current PASS of a control whose inputs cover the path', async () => {
    const plane = await evaluatedPlane();
    const pass = hashOf(plane, 'unit', 'PASS');
    const fail = hashOf(plane, 'broken', 'FAIL');
    const unrelated = hashOf(plane, 'other', 'PASS');

    const byFail = await plane.run(fact(fail));
    expect(byFail.code).toBe(2);
    expect(byFail.err).toContain(`is a FAIL of broken, not a PASS`);
    const byOther = await plane.run(fact(unrelated));
    expect(byOther.code).toBe(2);
    expect(byOther.err).toContain('the inputs of other (pass.mjs) do not cover src/orders.ts');
    // A lower maturity keeps the old rule: any existing entry.
    expect((await plane.run(fact(fail, 'observed_once'))).code).toBe(0);

    const ok = await plane.run(fact(pass));
    expect(ok.code, ok.err).toBe(0);

    // The PASS was on other code once the covered file changes.
    plane.write('src/orders.ts', 'export const limit = 50;\n');
    const stale = await plane.run(fact(pass));
    expect(stale.code).toBe(2);
    expect(stale.err).toContain('recorded on other code than the current one');
  });

  it.each(['verified_by_tests', 'enforced_by_ci'])(
    'at %s accepts only a PASS whose control covers the path, current or not',
    async (maturity) => {
      const plane = await evaluatedPlane();
      const byFail = await plane.run(fact(hashOf(plane, 'broken', 'FAIL'), maturity));
      expect(byFail.code).toBe(2);
      expect(byFail.err).toContain(`memory fact refused at maturity ${maturity}`);
      expect(byFail.err).toContain('is a FAIL of broken, not a PASS');
      const byOther = await plane.run(fact(hashOf(plane, 'other', 'PASS'), maturity));
      expect(byOther.code).toBe(2);
      expect(byOther.err).toContain('do not cover src/orders.ts');
      expect((await plane.run(['knowledge', 'memory', 'list'])).out).toMatch(/^0 facts/);
      // Tests verified it once: a later change of the file makes the fact stale, not unfounded.
      plane.write('src/orders.ts', 'export const limit = 50;\n');
      const ok = await plane.run(fact(hashOf(plane, 'unit', 'PASS'), maturity));
      expect(ok.code, ok.err).toBe(0);
    },
  );

  it('refuses an entry that is not a control result', async () => {
    const plane = planeWith(control('unit', 'pass.mjs', 'src/orders.ts, pass.mjs'));
    plane.write('pass.mjs', 'process.exit(0);\n');
    const exitsZero = ['--probe-argv', process.execPath, '--probe-argv', 'pass.mjs'];
    const added = await plane.run(
      hypothesisArgs('orders pass', {
        oracle: 'exit 0',
        probe: [...exitsZero, '--expect-exit', '0'],
      }),
    );
    expect(added.code, added.err).toBe(0);
    expect((await plane.run(['knowledge', 'explore'])).code).toBe(0);
    const dir = join(plane.root, '.proofgate/evidence/ledger');
    const lines = readdirSync(dir)
      .flatMap((n) => readFileSync(join(dir, n), 'utf8').split('\n'))
      .filter((l) => l !== '');
    const probe = lines.find((l) => (JSON.parse(l) as { kind: string }).kind === 'note');
    if (probe === undefined) return expect.fail('no probe entry');
    const hash = createHash('sha256').update(probe).digest('hex');
    const result = await plane.run(fact(hash));
    expect(result.code).toBe(2);
    expect(result.err).toContain('is a note entry, not a control result');
  });
});

describe('globCovers', () => {
  it('follows git glob pathspecs: wildcards, directories, plain prefixes', () => {
    expect(globCovers('src/**/*.ts', 'src/a/b.ts')).toBe(true);
    expect(globCovers('src/*.ts', 'src/a/b.ts')).toBe(false);
    expect(globCovers('src/', 'src/a/b.ts')).toBe(true);
    expect(globCovers('src', 'src/a/b.ts')).toBe(true);
    expect(globCovers('src', 'srcx/a.ts')).toBe(false);
    expect(globCovers('src/orders.ts', 'src/orders.ts')).toBe(true);
    expect(globCovers('lib/**', 'src/orders.ts')).toBe(false);
  });
});
