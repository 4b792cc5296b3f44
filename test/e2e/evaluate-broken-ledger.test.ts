// `evaluate --run` verifies the ledger before it runs anything (references/evaluate.md): a ledger
// that does not verify is exit 3 with nothing run and nothing recorded (every file under `.proofgate/` as it was), whatever the controls
// would have said. Before, only a run with a PASS re-read the ledger, after recording it: a
// failing control on a broken ledger was exit 1, and a passing one was recorded, then refused.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkpoint, coveredSegment, pushedRepo } from '../helpers/checkpoint-repo.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';
import { flipFirstPass, planeFiles } from '../helpers/ledger-tamper.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const ledgerDir = (r: GateRepo): string => join(r.dir, '.proofgate', 'evidence', 'ledger');

async function refused(r: GateRepo, ...controls: string[]): Promise<void> {
  const before = planeFiles(r);
  const flags = controls.flatMap((c) => ['--control', c]);
  const out = await r.run(['evaluate', '--run', ...flags, '--json']);
  expect(out.code, out.out).toBe(3);
  const verify = JSON.parse((await r.run(['verify', '--full', '--json'])).out) as {
    findingCount: number;
  };
  const json = JSON.parse(out.out) as { error: { findingCount?: number } };
  expect(json.error.findingCount).toBe(verify.findingCount);
  expect(planeFiles(r)).toEqual(before);
}

describe('evaluate --run on a ledger that does not verify', () => {
  it('refuses before running, for a failing control as for a passing one', async () => {
    const r = makeGateRepo([
      { id: 'green', execution: `{ type: command, argv: ${nodeArgv('0')} }` },
      { id: 'red', execution: `{ type: command, argv: ${nodeArgv('process.exit(1)')} }` },
    ]);
    cleanups.push(() => r.remove());
    expect((await r.run(['evaluate', '--run', '--control', 'green'])).code).toBe(0);
    r.git('add', '.proofgate/evidence');
    r.git('commit', '-q', '-m', 'evidence');
    const segment = readdirSync(ledgerDir(r)).find((f) => f.endsWith('.jsonl'))!;
    flipFirstPass(join(ledgerDir(r), segment));
    await refused(r, 'red');
    await refused(r, 'green');
    await refused(r);
  });

  it('refuses after a trusted checkpoint when a covered line was altered and committed', async () => {
    const repo = await pushedRepo(cleanups);
    await checkpoint(repo);
    const { r } = repo;
    flipFirstPass(coveredSegment(r));
    r.git('commit', '-q', '-am', 'chore: tidy evidence');
    await refused(r);
  });
});
