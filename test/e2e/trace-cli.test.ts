// The trace verb as a real process: the exit-code contract end to end.
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import type { CliRun } from '../helpers/cli.ts';
import { PACKS } from '../helpers/trace.ts';

const cli = (...args: string[]): CliRun => runCli(args);

test('proofgate trace check exits 0, 1 and 2 as the contract says', () => {
  const examples = join(PACKS, 'examples', 'refund');
  const pack = join(PACKS, 'refund.yaml');
  const good = cli('trace', 'check', '--pack', pack, join(examples, 'good.events.jsonl'));
  expect(good.code).toBe(0);
  expect(good.stdout).toMatch(/^PASS trace check/);
  const bad = cli('trace', 'check', '--pack', pack, join(examples, 'bad.events.jsonl'));
  expect(bad.code).toBe(1);
  expect(bad.stdout).toMatch(/^FAIL trace check: 5 block/);
  const missing = cli('trace', 'check', '--pack', pack, join(examples, 'missing.jsonl'));
  expect(missing.code).toBe(2);
  expect(missing.stderr).toBe('');
});
