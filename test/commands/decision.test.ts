import { describe, expect, it } from 'vitest';
import { makeKnowledgePlane } from '../helpers/knowledge-plane.ts';

const add = (title: string, path: string): string[] => [
  'knowledge',
  'decision',
  'add',
  title,
  '--reason',
  'double charges',
  '--condition',
  'provider not idempotent',
  '--path',
  path,
];

/** `knowledge decision supersede --id <id> --by <by>`. */
const supersede = (id: string, by: string): string[] => [
  ...['knowledge', 'decision', 'supersede'],
  ...['--id', id, '--by', by],
];

describe('proofgate knowledge decision', () => {
  it('refuses a decision without reason, conditions or paths (exit 2)', async () => {
    const plane = makeKnowledgePlane();
    const { code, err } = await plane.run(['knowledge', 'decision', 'add', 'retry payments']);
    expect(code).toBe(2);
    for (const flag of ['--reason: missing', '--condition: missing', '--path: missing'])
      expect(err).toContain(flag);
  });

  it('gives stable ids and lists the decisions that touch a path', async () => {
    const plane = makeKnowledgePlane();
    expect((await plane.run(add('retry payments client-side', 'src/pay'))).out).toMatch(
      /^recorded ND-0001/,
    );
    expect((await plane.run(add('cache orders forever', 'src/orders.ts'))).out).toMatch(
      /^recorded ND-0002/,
    );
    const touching = JSON.parse(
      (await plane.run(['knowledge', 'decision', 'list', '--path', 'src/pay/retry.ts', '--json']))
        .out,
    );
    expect(touching.decisions.map((d: { id: string }) => d.id)).toEqual(['ND-0001']);
    const parent = JSON.parse(
      (await plane.run(['knowledge', 'decision', 'list', '--path', 'src', '--json'])).out,
    );
    expect(parent.decisions.map((d: { id: string }) => d.id)).toEqual(['ND-0001', 'ND-0002']);
    const sibling = await plane.run(['knowledge', 'decision', 'list', '--path', 'src/payments.ts']);
    expect(sibling.out).toMatch(/^0 negative decisions touching src\/payments.ts/);
  });

  it('stays in force until a supersede names an existing superseding decision', async () => {
    const plane = makeKnowledgePlane();
    await plane.run(add('retry payments client-side', 'src/pay'));
    const noBy = await plane.run(['knowledge', 'decision', 'supersede', '--id', 'ND-0001']);
    expect(noBy.code).toBe(2);
    expect(noBy.err).toContain('--by: missing');
    const ghost = await plane.run(supersede('ND-0001', 'ND-0007'));
    expect(ghost.code).toBe(2);
    expect(ghost.err).toContain('no negative decision ND-0007');
    const self = await plane.run(supersede('ND-0001', 'ND-0001'));
    expect(self.code).toBe(2);
    // Months later, nothing has lapsed.
    const later = await plane.run(
      ['knowledge', 'decision', 'list', '--path', 'src/pay', '--json'],
      '2030-01-01T00:00:00.000Z',
    );
    expect(JSON.parse(later.out).decisions).toMatchObject([{ id: 'ND-0001', isInForce: true }]);

    await plane.run(add('retry with idempotency keys', 'src/pay'));
    const ok = await plane.run(supersede('ND-0001', 'ND-0002'));
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.out).toMatch(/^ND-0001 superseded by ND-0002/);
    const inForce = JSON.parse((await plane.run(['knowledge', 'decision', 'list', '--json'])).out);
    expect(inForce.decisions.map((d: { id: string }) => d.id)).toEqual(['ND-0002']);
    const all = JSON.parse(
      (await plane.run(['knowledge', 'decision', 'list', '--all', '--json'])).out,
    );
    expect(all.decisions[0]).toMatchObject({
      id: 'ND-0001',
      isInForce: false,
      supersededBy: 'ND-0002',
    });
  });

  it('refuses to supersede twice or by a superseded decision (no cycles)', async () => {
    const plane = makeKnowledgePlane();
    for (const t of ['a', 'b', 'c']) await plane.run(add(t, 'src'));
    expect((await plane.run(supersede('ND-0001', 'ND-0002'))).code).toBe(0);
    const twice = await plane.run(supersede('ND-0001', 'ND-0003'));
    expect(twice.code).toBe(2);
    expect(twice.err).toContain('already superseded by ND-0002');
    const back = await plane.run(supersede('ND-0002', 'ND-0001'));
    expect(back.code).toBe(2);
    expect(back.err).toContain('ND-0001 is itself superseded');
  });
});
