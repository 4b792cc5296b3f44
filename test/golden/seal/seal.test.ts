// Golden transcripts of `proofgate seal`: a seal over an intact ledger (human and JSON), a seal
// refused on a ledger with an edited line (exit 3) and one without --archive-id (exit 2).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { nodeArgv } from '../../helpers/gate-repo.ts';
import { makeGoldenRepo, type GoldenRepo } from '../../helpers/golden.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

async function evaluated(): Promise<GoldenRepo> {
  const r = makeGoldenRepo([
    { id: 'tests', execution: `{ type: command, argv: ${nodeArgv('console.log("ok")')} }` },
  ]);
  cleanups.push(() => r.remove());
  expect((await r.run(['evaluate', '--run'])).code).toBe(0);
  expect((await r.run(['evaluate', '--run'])).code).toBe(0);
  return r;
}

test('seal an intact ledger', async () => {
  const r = await evaluated();
  await expect(r.transcript(['seal', '--archive-id', 'release-1.0.0'])).toMatchFileSnapshot('./sealed.md');
  const again = ['seal', '--archive-id', 'release-1.0.1', '--json'];
  await expect(r.transcript(again)).toMatchFileSnapshot('./sealed-again-json.md');
});

test('seal refuses an edited ledger and a missing archive id', async () => {
  const r = await evaluated();
  await expect(r.transcript(['seal'])).toMatchFileSnapshot('./refused-no-archive-id.md');
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  const segment = join(dir, readdirSync(dir).find((f) => f.endsWith('.jsonl'))!);
  writeFileSync(segment, readFileSync(segment, 'utf8').replace('"tests"', '"testz"'));
  await expect(r.transcript(['seal', '--archive-id', 'release-1.0.0'])).toMatchFileSnapshot('./refused-tampered.md');
});
