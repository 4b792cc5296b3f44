// The trace and file control types through the real GateIO: the refund pack judges recorded agent
// trajectories; a broken pack is a configuration error (exit 2), not a FAIL of the code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { WORKTREE } from '../helpers/cli.ts';
import { makeGateRepo } from '../helpers/gate-repo.ts';

const CATALOG = join(WORKTREE, 'controls/catalog/traces');
const files = {
  'packs/refund.yaml': readFileSync(join(CATALOG, 'refund.yaml'), 'utf8'),
  'traces/good/run.events.jsonl': readFileSync(
    join(CATALOG, 'examples/refund/good.events.jsonl'),
    'utf8',
  ),
  'traces/bad/run.events.jsonl': readFileSync(
    join(CATALOG, 'examples/refund/bad.events.jsonl'),
    'utf8',
  ),
  LICENSE: 'MIT\n',
};
const trace = (id: string, glob: string) => ({
  id,
  execution: `{ type: trace, pack: packs/refund.yaml, traces: ['${glob}'] }`,
});

it('trace controls PASS on the good trajectory and FAIL on the bad one; file controls check paths', async () => {
  const r = makeGateRepo(
    [
      trace('good', 'traces/good/*.jsonl'),
      trace('bad', 'traces/bad/*.jsonl'),
      { id: 'license', execution: '{ type: file, path: LICENSE, condition: exists }' },
      { id: 'no-env', execution: '{ type: file, path: .env, condition: absent }' },
    ],
    { files },
  );
  try {
    const run = await r.run(['evaluate', '--run']);
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/PASS\s+good:/);
    expect(run.out).toMatch(/FAIL\s+bad: .*block/);
    expect(run.out).toMatch(/PASS\s+license:/);
    expect(run.out).toMatch(/PASS\s+no-env:/);
    const q = await r.run(['query', 'control', 'bad', '--json']);
    const items = (JSON.parse(q.out) as { items: { body?: { review?: string } }[] }).items;
    const review = items.find((i) => i.body?.review !== undefined)!.body!.review!;
    const evidence = await r.run(['query', 'evidence', review.slice(0, 16)]);
    expect(evidence.out).toContain('VERIFY_BEFORE_REFUND');
    r.write('packs/refund.yaml', 'not: a pack\n');
    r.commit('break the pack');
    const broken = await r.run(['evaluate', '--run', '--control', 'good']);
    expect(broken.code).toBe(2);
  } finally {
    r.remove();
  }
});
