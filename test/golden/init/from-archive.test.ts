// Golden transcripts of re-initialising a plane from its sealed archive: `seal --archive`, then
// `init --from-archive` replacing the plane (exit 0), and refused after an archived file was
// edited (exit 3).
import { createHash } from 'node:crypto';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { makeGoldenRepo, type GoldenRepo } from '../../helpers/golden.ts';
import { VALID_PROFILE } from '../../helpers/plane-cli.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const CUSTOM_RULE = 'rule: ours\n';

function planeWithCustomRule(): GoldenRepo {
  const r = makeGoldenRepo([{ id: 'tests', execution: '{ type: manual }' }]);
  cleanups.push(() => r.remove());
  writeFileSync(join(r.dir, 'profile.yaml'), VALID_PROFILE);
  writeFileSync(join(r.dir, '.proofgate', 'controls', 'custom-rules.yaml'), CUSTOM_RULE);
  return r;
}

const REINIT = ['init', '--profile', 'profile.yaml', '--from-archive', 'pre-reinit'];

test('seal --archive, then init --from-archive replaces the plane', async () => {
  const r = planeWithCustomRule();
  const transcripts = [
    r.transcript(['seal', '--archive-id', 'pre-reinit', '--archive']),
    r.transcript(REINIT),
  ];
  await expect(transcripts.join('\n')).toMatchFileSnapshot('./from-archive.md');
});

test('init --from-archive refuses an archive whose file was edited', async () => {
  const r = planeWithCustomRule();
  expect((await r.run(['seal', '--archive-id', 'pre-reinit', '--archive'])).code).toBe(0);
  const digest = createHash('sha256').update(CUSTOM_RULE).digest('hex');
  const path = join(r.dir, '.proofgate/evidence/objects/sha256', digest.slice(0, 2), digest);
  chmodSync(path, 0o644);
  writeFileSync(path, 'rule: rewritten\n');
  await expect(r.transcript(REINIT)).toMatchFileSnapshot('./from-archive-refused.md');
});
