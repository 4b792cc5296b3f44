import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeKnowledgePlane, memoryArgs } from '../helpers/knowledge-plane.ts';

const FACT = 'orders API caps the page size at 100';

describe('proofgate knowledge memory', () => {
  it.each([
    ['no path', ['--maturity', 'repeated'], '--path: missing'],
    ['no evidence', ['--path', 'src/orders.ts', '--maturity', 'repeated'], '--evidence: missing'],
    ['no maturity', ['--path', 'src/orders.ts'], '--maturity: missing'],
    [
      'a path that does not exist',
      ['--path', 'src/nope.ts', '--maturity', 'repeated'],
      'src/nope.ts is not an existing file',
    ],
    [
      'an unknown maturity',
      ['--path', 'src/orders.ts', '--maturity', 'feels_right'],
      'feels_right is not one of',
    ],
  ])('refuses a fact with %s (exit 2) and names the next step', async (_, flags, problem) => {
    const plane = makeKnowledgePlane();
    const withEvidence = problem.startsWith('--evidence') ? [] : ['--evidence', plane.hashes[0]!];
    const { code, err } = await plane.run([
      'knowledge',
      'memory',
      'add',
      FACT,
      ...flags,
      ...withEvidence,
    ]);
    expect(code).toBe(2);
    expect(err).toContain(problem);
    expect(err).toContain('next: proofgate knowledge memory add');
  });

  it('refuses evidence that is no ledger entry, and writes nothing', async () => {
    const plane = makeKnowledgePlane();
    const forged = 'f'.repeat(64);
    const { code, err } = await plane.run(memoryArgs(FACT, 'src/orders.ts', forged, 'repeated'));
    expect(code).toBe(2);
    expect(err).toContain(`no ledger entry has hash ${forged}`);
    expect((await plane.run(['knowledge', 'memory', 'list'])).out).toMatch(/^0 facts/);
  });

  it('refuses a path outside the repository', async () => {
    const plane = makeKnowledgePlane();
    const { code, err } = await plane.run(
      memoryArgs(FACT, '../etc/passwd', plane.hashes[0]!, 'repeated'),
    );
    expect(code).toBe(2);
    expect(err).toContain('not inside the repository');
  });

  it('records a fact under <plane>/knowledge/ and shows it stale once its file changes', async () => {
    const plane = makeKnowledgePlane();
    const add = await plane.run(memoryArgs(FACT, 'src/orders.ts', plane.hashes[1]!, 'repeated'));
    expect(add.code).toBe(0);
    expect(add.out).toMatch(/^recorded MF-0001 \(repeated\)/);
    const stored = readFileSync(join(plane.root, '.proofgate/knowledge/facts.jsonl'), 'utf8');
    expect(stored).toContain('"digest":');
    expect(stored).toMatch(/^\{"fact":\{"digest":"[0-9a-f]{40}"/);

    const fresh = JSON.parse((await plane.run(['knowledge', 'memory', 'list', '--json'])).out);
    expect(fresh).toMatchObject({ staleCount: 0, facts: [{ id: 'MF-0001', isStale: false }] });

    plane.write('src/orders.ts', 'export const limit = 1000;\n');
    const listed = await plane.run(['knowledge', 'memory', 'list']);
    expect(listed.out).toMatch(/^1 facts, 1 stale/);
    expect(listed.out).toContain('MF-0001 STALE (path_changed) src/orders.ts');
  });

  it('shows a fact whose file was deleted as stale, and --stale filters', async () => {
    const plane = makeKnowledgePlane();
    plane.write('src/other.ts', 'x\n');
    for (const path of ['src/orders.ts', 'src/other.ts']) {
      await plane.run(memoryArgs(`fact about ${path}`, path, plane.hashes[0]!, 'observed_once'));
    }
    plane.write('src/other.ts', 'y\n');
    const json = JSON.parse(
      (await plane.run(['knowledge', 'memory', 'list', '--stale', '--json'])).out,
    );
    expect(json.facts.map((f: { id: string }) => f.id)).toEqual(['MF-0002']);
    expect(json.staleCount).toBe(1);
  });

  it('fails with exit 2 when no plane exists', async () => {
    const plane = makeKnowledgePlane();
    plane.write('.proofgate/controls/manifest.yaml', '');
    const { rmSync } = await import('node:fs');
    rmSync(join(plane.root, '.proofgate'), { recursive: true });
    const { code, err } = await plane.run(['knowledge', 'memory', 'list']);
    expect(code).toBe(2);
    expect(err).toContain('PLANE_MISSING');
  });

  it('refuses a hand-edited knowledge line instead of trusting it', async () => {
    const plane = makeKnowledgePlane();
    plane.write('.proofgate/knowledge/facts.jsonl', '{"op": "fact", "fact": {"id": "MF-0001"}}\n');
    const { code, err } = await plane.run(['knowledge', 'memory', 'list']);
    expect(code).toBe(2);
    expect(err).toContain('.proofgate/knowledge/facts.jsonl:1: not in canonical form');
  });
});
