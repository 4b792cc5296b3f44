// Golden transcripts of `proofgate report`: the summary lines it prints (the HTML page itself is
// checked by test/e2e/report-cli.test.ts), on an intact ledger with a FAIL (human and JSON), on a
// ledger whose FAIL line was edited to PASS (the page is written, exit 3), and without --html (exit 2).
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
    { id: 'tests', execution: `{ type: command, argv: ${nodeArgv('process.exit(0)')} }` },
    { id: 'lint', execution: `{ type: command, argv: ${nodeArgv('console.error("2 problems"); process.exit(1)')} }` },
  ]);
  cleanups.push(() => r.remove());
  // One control at a time: parallel runs append in the order they finish.
  expect((await r.run(['evaluate', '--run', '--control', 'lint'])).code).toBe(1);
  expect((await r.run(['evaluate', '--run', '--control', 'tests'])).code).toBe(0);
  r.commit('evidence');
  return r;
}

test('report on an intact ledger', async () => {
  const r = await evaluated();
  const html = join(r.out, 'audit.html');
  await expect(r.transcript(['report', '--html', html])).toMatchFileSnapshot('./intact.md');
  expect(readFileSync(html, 'utf8')).toMatch(/^<!DOCTYPE html>/);
  await expect(r.transcript(['report', '--html', html, '--json'])).toMatchFileSnapshot('./intact-json.md');
});

test('report on an edited ledger, and without --html', async () => {
  const r = await evaluated();
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  const segment = join(dir, readdirSync(dir).find((f) => f.endsWith('.jsonl'))!);
  writeFileSync(segment, readFileSync(segment, 'utf8').replace('"FAIL"', '"PASS"'));
  await expect(r.transcript(['report', '--html', join(r.out, 'audit.html')])).toMatchFileSnapshot('./tampered.md');
  await expect(r.transcript(['report'])).toMatchFileSnapshot('./refused-no-html.md');
});
