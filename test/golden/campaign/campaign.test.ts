// Golden transcripts of `proofgate campaign`: a ratchet baseline recorded, a campaign registered
// by the release owner, listed and shown (JSON), and the refusals of a registration by an
// authority that is not the owner and of a baseline that would absorb new violations (exit 1);
// `campaign start` creating a campaign, resuming its task, and refusing without --task.
import { afterEach, expect, test } from 'vitest';
import { makeGoldenRepo, type GoldenRepo } from '../../helpers/golden.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const CAMPAIGN = `id: lint-debt
revision: 1
title: pay down lint debt
controls: [Q.lint]
exit_policy: { max_new_violations: 0, min_fixed: 1 }
phases:
  - id: p1
    title: first pass
    tasks:
      - { id: t1, title: fix a.ts, controls: [Q.lint] }
`;

const lint = (lines: string[]) => `console.log(${JSON.stringify(lines.join('\n'))});\nprocess.exit(1);\n`;
const as = (authority: string) => ['--authority-id', authority, '--execution-context', 'local:golden'];

function repo(): GoldenRepo {
  const r = makeGoldenRepo(
    [{ id: 'Q.lint', execution: '{ type: command, argv: [node, lint.js], evaluation: ratchet }' }],
    { files: { 'lint.js': lint(['no-var:a.ts:f', 'no-var:a.ts:g', 'eqeqeq:b.ts:h']), 'campaign.yaml': CAMPAIGN } },
  );
  cleanups.push(() => r.remove());
  return r;
}

test('baseline, register, list and show', async () => {
  const r = repo();
  const baseline = ['campaign', 'baseline', '--control', 'Q.lint', ...as('virtual:developer')];
  await expect(r.transcript(baseline)).toMatchFileSnapshot('./baseline.md');
  const register = ['campaign', 'register', '--file', 'campaign.yaml', ...as('virtual:release-owner')];
  await expect(r.transcript(register)).toMatchFileSnapshot('./register.md');
  await expect(r.transcript(['campaign', 'list'])).toMatchFileSnapshot('./list.md');
  await expect(r.transcript(['campaign', 'show', 'lint-debt', '--json'])).toMatchFileSnapshot('./show-json.md');
  await expect(r.transcript(['campaign', 'lint', '--phase', 'p1'])).toMatchFileSnapshot('./lint-registered.md');
  await expect(r.transcript(['campaign', 'lint', 'campaign.yaml'])).toMatchFileSnapshot('./lint-refused.md');
  const phase = ['claim', '--campaign', 'lint-debt', '--phase', 'p1', '--no-record'];
  await expect(r.transcript(phase)).toMatchFileSnapshot('../claim/campaign-phase.md');
});

test('a registration by a non-owner, and a baseline with new violations', async () => {
  const r = repo();
  expect((await r.run(['campaign', 'baseline', '--control', 'Q.lint', ...as('virtual:developer')])).code).toBe(0);
  const register = ['campaign', 'register', '--file', 'campaign.yaml', ...as('virtual:developer')];
  await expect(r.transcript(register)).toMatchFileSnapshot('./refused-not-owner.md');
  r.write('lint.js', lint(['no-var:a.ts:f', 'eqeqeq:b.ts:h', 'eqeqeq:c.ts:k']));
  const grown = ['campaign', 'baseline', '--control', 'Q.lint', ...as('virtual:developer')];
  await expect(r.transcript(grown)).toMatchFileSnapshot('./refused-growth.md');
});

test('start: a task in a new campaign, resumed, and refused without --task', async () => {
  const r = repo();
  expect((await r.run(['campaign', 'baseline', '--control', 'Q.lint', ...as('virtual:developer')])).code).toBe(0);
  const start = ['campaign', 'start', '--task', 'fix-a', '--control', 'Q.lint', '--description', 'fix a.ts', '--min-fixed', '1'];
  await expect(r.transcript(start)).toMatchFileSnapshot('./start.md');
  await expect(r.transcript(['campaign', 'start', '--task', 'fix-a'])).toMatchFileSnapshot('./start-resumed.md');
  await expect(r.transcript(['campaign', 'start'])).toMatchFileSnapshot('./refused-start-no-task.md');
});
