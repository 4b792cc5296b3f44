import { describe, expect, it } from 'vitest';
import {
  caseArgs,
  dropFlags,
  hypothesisArgs,
  makeKnowledgePlane,
  updateArgs,
} from '../helpers/knowledge-plane.ts';

const add = (
  claim: string,
  risk: string,
  gain: string,
  cost: string,
  attr = 'functional',
): string[] =>
  hypothesisArgs(claim, {
    attr,
    risk,
    infoGain: gain,
    cost,
    oracle: 'expected 400, observed 200',
  });

describe('proofgate knowledge hypothesis', () => {
  it('refuses a hypothesis without oracle or provenance, and a prior case that does not exist', async () => {
    const plane = makeKnowledgePlane();
    const bare = await plane.run(
      dropFlags(add('x', '0.5', '0.5', '1'), '--oracle', '--provenance'),
    );
    expect(bare.code).toBe(2);
    expect(bare.err).toContain('--oracle: missing');
    expect(bare.err).toContain('--provenance');
    const prior = await plane.run([...add('x', '0.5', '0.5', '1').slice(0, -1), 'prior:CB-0009']);
    expect(prior.err).toContain('no case CB-0009');
  });

  it('accepts a prior case from the case base as provenance', async () => {
    const plane = makeKnowledgePlane();
    await plane.run(caseArgs({ applicability: 'REST writes', strategy: 's', outcome: 'o' }));
    const { code, out } = await plane.run([
      ...add('seeded', '0.5', '0.5', '1').slice(0, -1),
      'prior:CB-0001',
    ]);
    expect(code).toBe(0);
    expect(out).toMatch(/^recorded H-0001/);
  });

  it('refuses floats it cannot store exactly and risk above 1', async () => {
    const plane = makeKnowledgePlane();
    expect((await plane.run(add('x', '0.12345', '0.5', '1'))).err).toContain(
      '--risk 0.12345 is not a decimal',
    );
    expect((await plane.run(add('x', '1.5', '0.5', '1'))).code).toBe(2);
    expect((await plane.run(add('x', '0.5', '0.5', '0'))).err).toContain('--cost');
  });

  it('ranks the board by infoGain × risk ÷ cost', async () => {
    const plane = makeKnowledgePlane();
    await plane.run(add('cheap but dull', '0.2', '0.5', '1'));
    await plane.run(add('the seed example', '0.7', '0.9', '1'));
    await plane.run(add('valuable but costly', '0.9', '0.9', '4'));
    const list = JSON.parse((await plane.run(['knowledge', 'hypothesis', 'list', '--json'])).out);
    expect(list.hypotheses.map((h: { id: string; score: number }) => [h.id, h.score])).toEqual([
      ['H-0002', 630],
      ['H-0003', 203],
      ['H-0001', 100],
    ]);
  });

  it('confirming or refuting needs an existing ledger entry', async () => {
    const plane = makeKnowledgePlane();
    await plane.run(add('negative page size accepted', '0.7', '0.9', '1'));
    const bare = await plane.run(updateArgs('H-0001', 'refuted'));
    expect(bare.code).toBe(2);
    expect(bare.err).toContain('refuted needs the ledger entry');
    const forged = await plane.run(updateArgs('H-0001', 'confirmed', 'a'.repeat(64)));
    expect(forged.err).toContain('no ledger entry has hash');
    expect((await plane.run(updateArgs('H-0001', 'probing'))).code).toBe(0);
    const ok = await plane.run(updateArgs('H-0001', 'confirmed', plane.hashes[2]!));
    expect(ok.out).toMatch(/^updated H-0001: confirmed, score 0.63, 1 evidence entries/);
    const unknown = await plane.run(updateArgs('H-0042', 'probing'));
    expect(unknown.code).toBe(2);
  });

  it('reports the definition of done: undecided high-risk attribute, then done', async () => {
    const plane = makeKnowledgePlane();
    await plane.run(add('auth bypass via header', '0.9', '0.4', '1', 'security'));
    const before = await plane.run(['knowledge', 'hypothesis', 'list']);
    expect(before.out).toMatch(/^definition of done: continue/);
    expect(before.out).toContain('high-risk attributes undecided: security');
    await plane.run(updateArgs('H-0001', 'refuted', plane.hashes[3]!));
    expect((await plane.run(['knowledge', 'hypothesis', 'list'])).out).toMatch(
      /^definition of done: done/,
    );
  });

  it('refuses evidence that does not name the hypothesis (exit 2), even a real ledger entry', async () => {
    const plane = makeKnowledgePlane();
    await plane.run(add('one', '0.9', '0.9', '1'));
    await plane.run(add('two', '0.9', '0.9', '1'));
    const decide = (id: string, status: string, hash: string) =>
      plane.run(updateArgs(id, status, hash));
    // An unrelated run entry exists in the ledger but is about something else.
    const unrelated = await decide('H-0001', 'confirmed', plane.hashes[0]!);
    expect(unrelated.code).toBe(2);
    expect(unrelated.err).toContain('does not name H-0001');
    // An entry naming H-0001 cannot decide H-0002, nor can an attestation naming H-0001.
    expect((await decide('H-0002', 'refuted', plane.hashes[2]!)).code).toBe(2);
    expect((await decide('H-0002', 'refuted', plane.hashes[3]!)).code).toBe(2);
    // One good hash does not carry an unrelated one along.
    const mixed = await plane.run(
      updateArgs('H-0001', 'confirmed', plane.hashes[2]!, plane.hashes[1]!),
    );
    expect(mixed.code).toBe(2);
    // The human attestation that names H-0001 decides it.
    expect((await decide('H-0001', 'refuted', plane.hashes[3]!)).code).toBe(0);
  });
});
