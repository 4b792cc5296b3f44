import { describe, expect, test } from 'vitest';
import type { Actor } from '../../../scripts/lib/core/ledger/types.ts';
import { auditFlow } from '../../../scripts/lib/flows/audit/audit-flow.ts';
import { evaluateRun } from '../../../scripts/lib/flows/run/evaluate-flow.ts';
import { readinessFlow } from '../../../scripts/lib/flows/views/readiness-flow.ts';
import { createTestContext } from '../../helpers/context.ts';
import {
  command,
  createFakeGateIO,
  crossAuditBy,
  makeControl,
  runAllBy,
} from '../../helpers/fake-gate-io.ts';

const developer: Actor = { label: 'agent', authority: 'virtual:developer', context: 's-1' };
const quality: Actor = { label: 'qa', authority: 'virtual:quality', context: 's-2' };
const ctx = () => createTestContext();

describe('readiness', () => {
  test('a task is ready on its own controls (the change touches no other) while a debt control keeps merge and release not ready', async () => {
    const io = createFakeGateIO([
      makeControl('T.unit', command(['pass'])),
      makeControl('T.debt', command(['fail'])),
    ]);
    const run = runAllBy(developer);
    await evaluateRun(run, ctx(), io);
    await auditFlow(crossAuditBy(quality, { controls: ['T.unit'] }), ctx(), io);
    const before = io.stored.length;
    // As `claim --control T.unit` decides: with a base the change since it touches nothing else.
    const atBase = { base: 'origin/main', commit: 'c0ffee', plane: await io.loadPlane('/') };
    const result = await readinessFlow(
      { root: '/', task: { id: 'T-1', controls: ['T.unit'] }, rulesAtBase: atBase },
      ctx(),
      io,
    );
    expect(result.rules).toMatchObject({ from: 'base', base: 'origin/main', changes: [] });
    const byScope = Object.fromEntries(result.scopes.map((s) => [s.scope, s]));
    expect(byScope['task']?.isReady).toBe(true);
    expect(byScope['merge']?.isReady).toBe(false);
    expect(byScope['merge']?.blockers).toContainEqual(
      expect.objectContaining({ control: 'T.debt', stage: 'self', status: 'FAIL' }),
    );
    expect(byScope['release']?.blockers).toContainEqual(
      expect.objectContaining({ control: 'T.unit', stage: 'release_authority' }),
    );
    expect(io.stored.length).toBe(before);
    // Without a base and without a granted claim, a task covers every required control, as claim.
    const own = await readinessFlow(
      { root: '/', task: { id: 'T-1', controls: ['T.unit'] } },
      ctx(),
      io,
    );
    expect(own.scopes.find((s) => s.scope === 'task')?.isReady).toBe(false);
    expect(own.rules?.from).toBe('working');
  });

  test('a PASS without the cross audit the project policy needs keeps merge not ready', async () => {
    const io = createFakeGateIO([makeControl('T.unit', command(['pass']))]);
    const run = runAllBy(developer);
    await evaluateRun(run, ctx(), io);
    const result = await readinessFlow(
      { root: '/', task: { id: 'T-1', controls: ['T.unit'] } },
      ctx(),
      io,
    );
    const task = result.scopes.find((s) => s.scope === 'task');
    const merge = result.scopes.find((s) => s.scope === 'merge');
    expect(task?.isReady).toBe(true); // the fake manifest's task policy needs self only
    expect(merge?.blockers.map((b) => [b.control, b.stage])).toEqual([['T.unit', 'cross']]);
    expect(merge?.verdict).toMatch(/^REFUSED \[project\]/);
  });

  test('a task without controls is a usage error, as a task claim without controls is', async () => {
    const io = createFakeGateIO([makeControl('T.unit', command(['pass']))]);
    await expect(
      readinessFlow({ root: '/', task: { id: 'T-1', controls: [] } }, ctx(), io),
    ).rejects.toMatchObject({ code: 'MISSING_ARG' });
  });
});
