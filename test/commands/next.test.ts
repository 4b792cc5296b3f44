import { describe, expect, it } from 'vitest';
import { runNext } from '../../scripts/next.ts';
import { createTestContext } from '../helpers/context.ts';
import { controlYaml, planeWith } from '../helpers/knowledge-plane.ts';

const SLOT = "{ type: slot, hint: 'add the real test command' }";
const options = (root: string) => ({
  root,
  json: false,
  limit: 8192,
  share: 0,
  seed: 's',
  top: 10,
  requirements: [],
});

describe('proofgate next', () => {
  it('ranks gaps and open hypotheses together by priority', async () => {
    const plane = planeWith(controlYaml('C-1', 'REQ-1', 'RISK-1', 'prototype', SLOT));
    await plane.run([
      'hypothesis',
      'add',
      'negative page size accepted',
      '--attr',
      'functional',
      '--risk',
      '0.7',
      '--info-gain',
      '0.9',
      '--cost',
      '1',
      '--oracle',
      'expect 400',
      '--provenance',
      'recon',
    ]);
    await plane.run([
      'hypothesis',
      'add',
      'cheap',
      '--attr',
      'functional',
      '--risk',
      '0.9',
      '--info-gain',
      '0.9',
      '--cost',
      '0.5',
      '--oracle',
      'o',
      '--provenance',
      'recon',
    ]);
    const { out, code } = await plane.run(['next', '--share', '0']);
    expect(code).toBe(0);
    expect(out).toMatch(/^top: hypothesis H-0002 \(cheap\); 4 open item\(s\)\n/);
    expect(out).not.toContain('not wired');
    expect(out).toMatch(/control TODO/);
    expect(out).toMatch(
      /2\. 0.72 gap REQ-1\/C-1: missing_verification \(from prototype\)\n {3}next: proofgate adopt --list\n3\. 0.63 hypothesis H-0001/,
    );
  });

  it('ranks control statuses from an injected source', async () => {
    const plane = planeWith(
      controlYaml('C-1', 'REQ-1', 'RISK-1', 'prototype', '{ type: command, argv: [npm, test] }'),
    );
    const ctx = createTestContext({ cwd: plane.root });
    const result = await runNext(options(plane.root), ctx, () =>
      Promise.resolve([
        { id: 'C-1', status: 'FAIL' as const, risk: 900 },
        { id: 'C-2', status: 'TODO' as const },
      ]),
    );
    expect(result.hasControlStatuses).toBe(true);
    expect(result.items.map((i) => [i.id, i.score])).toEqual([
      ['C-1', 900],
      ['C-2', 315],
    ]);
  });

  it('says explicitly when there is nothing to do', async () => {
    const plane = planeWith('');
    expect((await plane.run(['next'])).out).toMatch(/^nothing to do/);
    const todo = planeWith(
      controlYaml('C-1', 'REQ-1', 'RISK-1', 'prototype', '{ type: command, argv: [npm, test] }'),
    );
    const out = (await todo.run(['next'])).out;
    expect(out).toMatch(/^top: control C-1 \(control TODO\)/);
    // No line that starts with `next:` names an item instead of a command.
    expect(out).not.toMatch(/^\s*next: (?!proofgate )/m);
    expect(out).toMatch(
      /1\. [\d.]+ control C-1: control TODO\n {3}next: proofgate evaluate --run --control C-1\n/,
    );
  });
});

describe('proofgate next: negative results filter', () => {
  const hypothesis = (claim: string): string[] => [
    'hypothesis',
    'add',
    claim,
    '--attr',
    'functional',
    '--risk',
    '0.9',
    '--info-gain',
    '0.9',
    '--cost',
    '1',
    '--oracle',
    'o',
    '--provenance',
    'recon',
  ];
  const caseWith = (negative: string, attr = 'functional'): string[] => [
    'casebase',
    'add',
    '--kind',
    'web-api',
    '--architecture',
    'service',
    '--attr',
    attr,
    '--applicability',
    'paged listings',
    '--strategy',
    'boundary probes',
    '--outcome',
    'clamping bug found',
    '--negative',
    negative,
    '--project',
    'shop',
    '--environment',
    'ci',
    '--confirmation',
    'user',
  ];

  it('a hypothesis a case already tried is shown as filtered with the case id, not ranked', async () => {
    const plane = planeWith('');
    await plane.run(hypothesis('a large page size is not clamped'));
    await plane.run(hypothesis('a negative page size is accepted'));
    expect(
      (await plane.run(caseWith('A large page size is not clamped :: the framework clamps'))).code,
    ).toBe(0);
    // Shared words and another attribute do not filter.
    await plane.run(caseWith('a negative page size :: slow'));
    await plane.run(caseWith('a negative page size is accepted :: n/a', 'performance'));
    const { out, code } = await plane.run(['next', '--share', '0']);
    expect(code).toBe(0);
    expect(out).toContain(
      'FILTERED hypothesis H-0001 by CB-0001: tried before, failed: the framework clamps',
    );
    expect(out).not.toMatch(/\d\. [\d.]+ hypothesis H-0001/);
    expect(out).toMatch(/\d\. [\d.]+ hypothesis H-0002/);
    const json = await plane.run(['next', '--share', '0', '--json']);
    const parsed = JSON.parse(json.out) as {
      items: { id: string }[];
      filtered: { id: string; caseId: string }[];
    };
    expect(parsed.items.map((i) => i.id)).not.toContain('H-0001');
    expect(parsed.filtered).toEqual([expect.objectContaining({ id: 'H-0001', caseId: 'CB-0001' })]);
  });
});
