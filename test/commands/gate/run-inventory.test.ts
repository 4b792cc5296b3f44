// evaluate --run records each command run's test inventory in its run entry, read from the
// captured output (real node --test output of our fixture), or from a declared JUnit XML artifact.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../scripts/lib/core/ledger/types.ts';
import { evaluateRun } from '../../../scripts/lib/flows/run/evaluate-flow.ts';
import { parseRunBody } from '../../../scripts/lib/core/gate/entries/parse-body.ts';
import { createTestContext } from '../../helpers/context.ts';
import {
  command,
  createFakeGateIO,
  makeControl,
  output,
  runAllBy,
} from '../../helpers/fake-gate-io.ts';

const developer: Actor = { label: 'agent', authority: 'virtual:developer', context: 's-1' };
const TAP = readFileSync(
  new URL('../../fixtures/inventory/node/out/tap-pass.txt', import.meta.url),
  'utf8',
);
const JUNIT = `<testsuite name="calc"><testcase classname="calc" name="adds"/><testcase classname="calc" name="later"><skipped/></testcase></testsuite>`;

async function inventoryOf(io: ReturnType<typeof createFakeGateIO>) {
  await evaluateRun(runAllBy(developer), createTestContext(), io);
  const body = parseRunBody(io.stored.at(-1)!.entry.body);
  return body?.inventory;
}

describe('the run entry inventory', () => {
  it('from the runner summary in the output', async () => {
    const io = createFakeGateIO([makeControl('T.unit', command(['node', '--test']))]);
    io.script = () => output(TAP);
    expect(await inventoryOf(io)).toEqual({
      runner: 'node',
      ran: 3,
      passed: 3,
      failed: 0,
      skipped: 1,
      todo: 1,
      names: ['calc > adds', 'calc > sub below zero', 'top level'],
    });
  });
  it('unknown with the reason when the output has no summary', async () => {
    const io = createFakeGateIO([makeControl('T.unit', command(['pass']))]);
    expect(await inventoryOf(io)).toMatchObject({ runner: 'unknown' });
  });
  it('a declared JUnit XML artifact is the inventory', async () => {
    const io = createFakeGateIO([
      makeControl('T.unit', command(['node', '--test']), { artifacts: ['junit.xml'] }),
    ]);
    io.script = () => output(TAP);
    io.files.set('junit.xml', new TextEncoder().encode(JUNIT));
    expect(await inventoryOf(io)).toEqual({
      runner: 'junit',
      ran: 1,
      passed: 1,
      failed: 0,
      skipped: 1,
      todo: 0,
      names: ['calc > adds'],
    });
  });
  it('a declared artifact that is not JUnit leaves the output inventory', async () => {
    const io = createFakeGateIO([
      makeControl('T.unit', command(['node', '--test']), { artifacts: ['report.xml'] }),
    ]);
    io.script = () => output(TAP);
    io.files.set('report.xml', new TextEncoder().encode('<coverage/>'));
    expect(await inventoryOf(io)).toMatchObject({ runner: 'node', ran: 3 });
  });
});
