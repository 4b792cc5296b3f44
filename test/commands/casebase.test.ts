import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dropFlags, makeKnowledgePlane } from '../helpers/knowledge-plane.ts';

/** The target the case is about; retrieving by these finds it with similarity 1. */
const FEATURES = [
  ...['--kind', 'web-api', '--architecture', 'service'],
  ...['--attr', 'functional', '--stack', 'typescript'],
];
const CASE = [
  'knowledge',
  'casebase',
  'add',
  ...FEATURES,
  '--applicability',
  'REST writes without schema validation',
  '--strategy',
  'boundary and type-confusion probes on every write',
  '--outcome',
  '2 defects, 0 false positives',
  '--negative',
  'same probes on reads :: reads validate their schema',
  '--project',
  'shop',
  '--environment',
  'staging',
  '--confirmation',
  'auto',
];
const without = (flag: string): string[] => dropFlags(CASE, flag);

/** An observation of CB-0001: its result and the project, environment and confirmation behind it. */
const observe = (
  result: string,
  project: string,
  environment: string,
  confirmation: string,
): string[] => [
  ...['knowledge', 'casebase', 'observe', '--id', 'CB-0001', '--result', result],
  ...['--project', project, '--environment', environment, '--confirmation', confirmation],
];

describe('proofgate knowledge casebase', () => {
  it('refuses a case without applicability (exit 2)', async () => {
    const plane = makeKnowledgePlane();
    const { code, err } = await plane.run(without('--applicability'));
    expect(code).toBe(2);
    expect(err).toContain('--applicability: missing');
  });

  it('refuses a case without negative results unless the author states there were none', async () => {
    const plane = makeKnowledgePlane();
    const bare = await plane.run(without('--negative'));
    expect(bare.code).toBe(2);
    expect(bare.err).toContain('--negative: missing');
    expect((await plane.run([...without('--negative'), '--none-failed'])).code).toBe(0);
    expect(
      (await plane.run([...without('--negative'), '--negative', 'no separator'])).err,
    ).toContain('is not "<tried> :: <why it failed>"');
  });

  it('records, damps and retrieves with negatives attached', async () => {
    const plane = makeKnowledgePlane();
    expect((await plane.run(CASE)).out).toMatch(/^recorded CB-0001 \(confidence 45%\)/);
    const up = await plane.run(observe('success', 'billing', 'ci', 'user'));
    expect(up.out).toMatch(/confidence 45% → 60%/);
    const down = await plane.run(observe('counterexample', 'crm', 'ci', 'single'));
    expect(down.out).toMatch(/confidence 60% → 40%/);
    const found = await plane.run(['knowledge', 'casebase', 'retrieve', ...FEATURES]);
    expect(found.out).toMatch(/^1 cases for web-api\/service\/functional/);
    expect(found.out).toContain('CB-0001 similarity 1 confidence 40%');
    expect(found.out).toContain('failed: same probes on reads (reads validate their schema)');
    const later = JSON.parse(
      (
        await plane.run(
          ['knowledge', 'casebase', 'retrieve', '--kind', 'web-api', '--json'],
          '2026-06-30T00:00:00.000Z',
        )
      ).out,
    );
    expect(later.cases[0].confidence).toBe(2000); // 4000 halved after 180 days unvalidated
  });

  it('retrieves by the fields the query names only: --attr functional ranks a functional case first', async () => {
    const plane = makeKnowledgePlane();
    // A performance case with no stack and no constraints: empty fields must not count as matches.
    const perf = dropFlags(dropFlags(CASE, '--attr'), '--stack');
    expect((await plane.run([...perf, '--attr', 'performance'])).code).toBe(0);
    const functional = [...dropFlags(CASE, '--stack'), '--stack', 'go', '--constraint', 'x'];
    expect((await plane.run(functional)).code).toBe(0);
    const found = JSON.parse(
      (await plane.run(['knowledge', 'casebase', 'retrieve', '--attr', 'functional', '--json']))
        .out,
    );
    expect(found.cases.map((c: { entry: { id: string } }) => c.entry.id)).toEqual([
      'CB-0002',
      'CB-0001',
    ]);
    expect(found.cases[0].similarity).toBe(1000);
    expect(found.cases[1].similarity).toBe(0);
  });

  it('refuses an observation of an unknown case', async () => {
    const plane = makeKnowledgePlane();
    const { code, err } = await plane.run([
      'knowledge',
      'casebase',
      'observe',
      '--id',
      'CB-0009',
      '--result',
      'success',
    ]);
    expect(code).toBe(2);
    expect(err).toContain('no case CB-0009');
  });

  it('exports and imports between projects with fresh ids and recomputed confidence', async () => {
    const from = makeKnowledgePlane();
    await from.run(CASE);
    await from.run(observe('success', 'billing', 'ci', 'auto'));
    const file = join(from.root, 'cases.json');
    expect((await from.run(['knowledge', 'casebase', 'export', '--out', file])).out).toMatch(
      /^exported 1 cases and 1 observations/,
    );

    const to = makeKnowledgePlane();
    await to.run([...without('--applicability'), '--applicability', 'a local case']);
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.cases[0].confidence = 9500; // an import cannot inject certainty
    writeFileSync(file, JSON.stringify(doc));
    expect((await to.run(['knowledge', 'casebase', 'import', '--from', file])).out).toMatch(
      /^imported 2 records/,
    );
    expect((await to.run(['knowledge', 'casebase', 'import', '--from', file])).out).toMatch(
      /^imported 0 records from .*, 2 already present/,
    );
    const cases = JSON.parse(
      (await to.run(['knowledge', 'casebase', 'retrieve', '--json'])).out,
    ).cases;
    const imported = cases.find((c: { entry: { id: string } }) => c.entry.id === 'CB-0002');
    expect(imported.entry.applicability).toBe('REST writes without schema validation');
    expect(imported.confidence).toBe(5500);
  });

  it('refuses a malformed import whole, with every problem', async () => {
    const plane = makeKnowledgePlane();
    const file = join(plane.root, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        cases: [{ id: 'CB-1', features: {} }],
        observations: [{ id: 'CB-9' }],
      }),
    );
    const { code, err } = await plane.run(['knowledge', 'casebase', 'import', '--from', file]);
    expect(code).toBe(2);
    expect(err).toContain('/cases/0: applicability is required');
    expect(err).toContain('/observations/0: refers to a case not in the file');
    expect((await plane.run(['knowledge', 'casebase', 'export', '--json'])).out).toContain(
      '"cases": []',
    );
  });
});
