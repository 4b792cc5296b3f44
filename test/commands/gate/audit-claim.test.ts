import { describe, expect, test } from 'vitest';
import type { Actor } from '../../../scripts/lib/core/ledger/types.ts';
import { auditFlow, type AuditFlowOptions } from '../../../scripts/lib/flows/audit/audit-flow.ts';
import { claimFlow, type ClaimFlowOptions } from '../../../scripts/lib/flows/claim/claim-flow.ts';
import { evaluateRun } from '../../../scripts/lib/flows/run/evaluate-flow.ts';
import { statusFlow } from '../../../scripts/lib/flows/views/status-flow.ts';
import { parseClaimBody } from '../../../scripts/lib/core/gate/entries/parse-body.ts';
import { createTestContext } from '../../helpers/context.ts';
import {
  command,
  // These flows record unsigned, label-only audits, which count only at prototype.
  createPrototypeGateIO as createFakeGateIO,
  makeControl,
  makePrototypeManifest as makeManifest,
  output,
  defaultScript,
  type FakeGateIO,
  crossAuditBy,
  runAllBy,
} from '../../helpers/fake-gate-io.ts';

const developer: Actor = { label: 'agent-1', authority: 'virtual:developer', context: 'session-1' };
const quality: Actor = { label: 'reviewer', authority: 'virtual:quality', context: 'session-2' };
const ctx = () => createTestContext();
const audit = (overrides: Partial<AuditFlowOptions> = {}): AuditFlowOptions =>
  crossAuditBy(quality, { jobs: 2, ...overrides });
const claim = (overrides: Partial<ClaimFlowOptions> = {}): ClaimFlowOptions => ({
  root: '/',
  scope: 'project',
  controls: [],
  record: true,
  actor: developer,
  ...overrides,
});

async function selfRun(io: FakeGateIO, controls: string[] = []) {
  return evaluateRun(
    { root: '/', controls, actor: developer, authorize: [], jobs: 2, dryRun: false },
    ctx(),
    io,
  );
}

describe('claims', () => {
  test('a project claim is refused with every blocker and its next command, and appends nothing', async () => {
    const io = createFakeGateIO([
      makeControl('T.unit', command(['pass'])),
      makeControl('T.lint', command(['fail'])),
    ]);
    await selfRun(io, ['T.lint']);
    const before = io.stored.length;
    const result = await claimFlow(claim(), ctx(), io);
    expect(result.granted).toBe(false);
    expect(result.verdict).toBe(
      'REFUSED [project] 2 of 2 controls block the claim at prototype (stages: self, cross)',
    );
    expect(result.blockers.map((b) => [b.control, b.stage, b.status])).toEqual([
      ['T.unit', 'self', 'TODO'],
      ['T.unit', 'cross', 'TODO'],
      ['T.lint', 'self', 'FAIL'],
      ['T.lint', 'cross', 'TODO'],
    ]);
    expect(result.blockers[0]!.next).toBe('proofgate evaluate --run --control T.unit');
    // the cross audit reviews the self run: until that exists, running it is the next step
    expect(result.blockers[1]!.next).toBe('proofgate evaluate --run --control T.unit');
    expect(io.stored).toHaveLength(before);
  });

  test('once self passes, the cross blocker names an audit by a registered cross authority', async () => {
    const io = createFakeGateIO([makeControl('T.unit', command(['pass']))]);
    await selfRun(io);
    const result = await claimFlow(claim(), ctx(), io);
    expect(result.blockers.map((b) => [b.stage, b.next])).toEqual([
      [
        'cross',
        'proofgate audit --audit-stage cross --review-run latest --control T.unit --authority-id virtual:quality --execution-context local:cross-audit',
      ],
    ]);
  });

  test('self PASS plus an independent agreeing cross audit grants the project claim and records it', async () => {
    const io = createFakeGateIO([makeControl('T.unit', command(['pass']))]);
    await selfRun(io);
    const audited = await auditFlow(audit(), ctx(), io);
    expect(audited.results[0]).toMatchObject({
      agreement: 'agree',
      status: 'PASS',
      reviewedStatus: 'PASS',
    });
    const result = await claimFlow(claim(), ctx(), io);
    expect(result.verdict).toBe(
      'PASS [project] all 1 applicable controls at prototype are current PASS (stages: self, cross)',
    );
    const body = parseClaimBody(io.stored.at(-1)!.entry.body)!;
    expect(body).toMatchObject({
      scope: 'project',
      outcome: 'PASS',
      controls: ['T.unit'],
      maturity: 'prototype',
    });
    expect(body.stages.cross).toEqual({
      authorities: ['virtual:quality'],
      contexts: ['session-2'],
      keyids: [],
    });
    expect(body.supporting).toEqual([io.stored[0]!.hash, io.stored[1]!.hash].sort());
    expect(result.entry).toBe(io.stored.at(-1)!.hash);
  });

  test('--no-record grants without appending; a code edit then refuses as STALE', async () => {
    const io = createFakeGateIO([makeControl('T.unit', command(['pass']))]);
    await selfRun(io);
    await auditFlow(audit(), ctx(), io);
    const count = io.stored.length;
    expect((await claimFlow(claim({ record: false }), ctx(), io)).granted).toBe(true);
    expect(io.stored).toHaveLength(count);
    io.tree = 'c'.repeat(40);
    const stale = await claimFlow(claim(), ctx(), io);
    expect(stale.granted).toBe(false);
    expect(stale.blockers.map((b) => b.status)).toEqual(['STALE', 'STALE']);
  });

  test('a task claim covers only its controls and says project readiness is unchanged', async () => {
    const io = createFakeGateIO([
      makeControl('T.unit', command(['pass'])),
      makeControl('T.debt', command(['fail'])),
    ]);
    await selfRun(io);
    // Without a base and without an earlier granted claim, a task covers every required control.
    const first = await claimFlow(claim({ scope: 'task', controls: ['T.unit'] }), ctx(), io);
    expect(first.granted).toBe(false);
    expect(first.taskScope?.reasons[1]?.reason).toMatch(/^no base to compare the change with/);
    // After a granted claim, a task covers what it names and what changed since that claim.
    await io.append(io.plane, {
      kind: 'claim',
      time: '2026-01-01T00:00:00.000Z',
      actor: developer,
      subject: { tree: io.tree, manifest: 'm', registry: 'r' },
      body: {},
    });
    const task = await claimFlow(claim({ scope: 'task', controls: ['T.unit'] }), ctx(), io);
    expect(task.verdict).toBe(
      'COMPLETED [task] 1 controls are current PASS (stages: self); project readiness is unchanged',
    );
    io.changed = ['src/debt.ts'];
    const changed = await claimFlow(claim({ scope: 'task', controls: ['T.unit'] }), ctx(), io);
    expect(changed.granted).toBe(false);
    expect(changed.taskScope?.reasons).toContainEqual({
      control: 'T.debt',
      reason: expect.stringMatching(
        /^no inputs, covers the whole tree: src\/debt.ts changed since the last granted claim/,
      ) as unknown,
    });
    const project = await claimFlow(claim(), ctx(), io);
    expect(project.granted).toBe(false);
  });

  test('a task claim naming no control works out the task itself; scope misuse is a usage error', async () => {
    const io = createFakeGateIO([
      makeControl('T.unit', command(['pass'])),
      makeControl('T.lint', command(['fail'])),
    ]);
    await selfRun(io);
    // Naming nothing is not a way around a failing control: the task is every required control
    // the change covers (here, with no base, all of them), exactly as the Stop hook decides it.
    const plain = await claimFlow(claim({ scope: 'task', record: false }), ctx(), io);
    const named = await claimFlow(
      claim({ scope: 'task', controls: ['T.unit'], record: false }),
      ctx(),
      io,
    );
    expect(plain.granted).toBe(false);
    expect(plain.blockers.map((b) => b.control)).toContain('T.lint');
    expect(plain.blockers).toEqual(named.blockers);
    await expect(claimFlow(claim({ controls: ['T.unit'] }), ctx(), io)).rejects.toMatchObject({
      exitCode: 2,
      code: 'BAD_FLAG',
    });
  });

  test('a plane with nothing applicable refuses instead of granting a vacuous claim', async () => {
    const io = createFakeGateIO([
      makeControl('T.na', command(['pass']), {
        applies: { value: false, owner: 'human:alice', rationale: 'no UI' },
      }),
    ]);
    const result = await claimFlow(claim(), ctx(), io);
    expect(result.granted).toBe(false);
    expect(result.verdict).toMatch(/nothing to claim/);
  });
});

describe('audits', () => {
  test('same authority, same context, unregistered stage and a shared key are usage errors before anything runs', async () => {
    const keyid = 'k'.repeat(64).replace(/k/g, 'a');
    const manifest = makeManifest();
    manifest.authorities = [
      {
        id: 'virtual:developer',
        kind: 'virtual',
        stages: ['self'],
        keys: [{ keyid, public_key: 'x', added: '2026-01-01' }],
      },
      {
        id: 'virtual:quality',
        kind: 'virtual',
        stages: ['cross'],
        keys: [{ keyid, public_key: 'x', added: '2026-01-01' }],
      },
      { id: 'virtual:other', kind: 'virtual', stages: ['self'] },
    ];
    const io = createFakeGateIO([makeControl('T.unit', command(['pass']))], manifest);
    await evaluateRun(runAllBy({ ...developer, keyid }), ctx(), io);
    const calls = io.requests.length;
    const attempts: Actor[] = [
      { label: 'renamed', authority: 'virtual:developer', context: 'session-9', keyid },
      { label: 'reviewer', authority: 'virtual:quality', context: 'session-1', keyid },
      { label: 'other', authority: 'virtual:other', context: 'session-3' },
    ];
    const messages = [];
    for (const actor of attempts) {
      const error = await auditFlow(audit({ actor }), ctx(), io).catch((e: unknown) => e);
      expect(error).toMatchObject({ exitCode: 2 });
      messages.push((error as { problems: string[] }).problems.join(' | '));
    }
    expect(messages[0]).toMatch(/same authority virtual:developer/);
    expect(messages[0]).toMatch(/same signing key/);
    expect(messages[1]).toMatch(/same execution context session-1/);
    expect(messages[2]).toMatch(/not registered for stage cross/);
    expect(io.requests).toHaveLength(calls);
  });

  test('a key registered to two authority ids is one identity', async () => {
    const shared = 'b'.repeat(64);
    const own = 'c'.repeat(64);
    const manifest = makeManifest();
    manifest.authorities = [
      {
        id: 'virtual:developer',
        kind: 'virtual',
        stages: ['self'],
        keys: [{ keyid: own, public_key: 'x', added: 'd' }],
      },
      {
        id: 'virtual:quality',
        kind: 'virtual',
        stages: ['cross'],
        keys: [{ keyid: shared, public_key: 'y', added: 'd' }],
      },
      {
        id: 'virtual:alias',
        kind: 'virtual',
        stages: ['self'],
        keys: [{ keyid: shared, public_key: 'y', added: 'd' }],
      },
    ];
    const io = createFakeGateIO([makeControl('T.unit', command(['pass']))], manifest);
    const alias = { label: 'a', authority: 'virtual:alias', context: 'session-1', keyid: shared };
    await evaluateRun(
      { root: '/', controls: [], actor: alias, authorize: [], jobs: 1, dryRun: false },
      ctx(),
      io,
    );
    const error = await auditFlow(audit({ actor: { ...quality, keyid: shared } }), ctx(), io).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ exitCode: 2 });
  });

  test('a re-run with a different result is DISPUTED, refuses the claim, and no later agreeing audit waives it', async () => {
    const io = createFakeGateIO([makeControl('T.unit', command(['pass']))]);
    await selfRun(io);
    io.script = (request) =>
      request.argv[0] === 'pass' ? output('flaky failure\n', 1) : defaultScript(request);
    const disputed = await auditFlow(audit(), ctx(), io);
    expect(disputed.results[0]).toMatchObject({
      agreement: 'disputed',
      status: 'FAIL',
      differences: ['status: reviewed PASS, audit FAIL', 'exit code: reviewed 0, audit 1'],
    });
    io.script = defaultScript;
    await selfRun(io);
    await auditFlow(audit(), ctx(), io);
    const status = await statusFlow({ root: '/', controls: [] }, ctx(), io);
    expect(status.statuses[0]).toMatchObject({ status: 'DISPUTED', flaky: true });
    const result = await claimFlow(claim(), ctx(), io);
    expect(result.granted).toBe(false);
    expect(result.blockers).toEqual([
      expect.objectContaining({ control: 'T.unit', status: 'DISPUTED' }),
    ]);
    io.tree = 'd'.repeat(40);
    const moved = await statusFlow({ root: '/', controls: [] }, ctx(), io);
    expect(moved.statuses[0]!.status).toBe('STALE');
  });

  test('a tampered evidence object is an integrity error (exit 3)', async () => {
    const io = createFakeGateIO([makeControl('T.unit', command(['pass']))]);
    await selfRun(io);
    const [digest] = [...io.store.keys()];
    io.store.set(digest!, new TextEncoder().encode('edited'));
    await expect(auditFlow(audit(), ctx(), io)).rejects.toMatchObject({
      exitCode: 3,
      code: 'HASH_MISMATCH',
    });
    io.store.clear();
    await expect(auditFlow(audit(), ctx(), io)).rejects.toMatchObject({
      exitCode: 3,
      code: 'OBJECT_MISSING',
    });
  });

  test('reviewing a stale entry by hash is refused; an unknown hash is exit 2', async () => {
    const io = createFakeGateIO([makeControl('T.unit', command(['pass']))]);
    await selfRun(io);
    const hash = io.stored[0]!.hash;
    io.tree = 'e'.repeat(40);
    await expect(auditFlow(audit({ review: hash.slice(0, 12) }), ctx(), io)).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/STALE/),
    });
    await expect(auditFlow(audit({ review: '0123456789' }), ctx(), io)).rejects.toMatchObject({
      exitCode: 2,
      code: 'UNKNOWN_ID',
    });
  });

  test('a claim whose stages share an identity is refused even when each stage is PASS', async () => {
    const manifest = makeManifest();
    manifest.authorities.push({ id: 'virtual:both', kind: 'virtual', stages: ['self', 'cross'] });
    const io = createFakeGateIO([makeControl('T.unit', command(['pass']))], manifest);
    // Two audits by different authorities, but the cross audit ran in the self run's context:
    // auditFlow refuses that up front, so write the self run under the context the audit uses.
    await evaluateRun(
      runAllBy({ label: 'x', authority: 'virtual:both', context: 'ctx-a' }),
      ctx(),
      io,
    );
    await auditFlow(
      audit({ actor: { label: 'y', authority: 'virtual:quality', context: 'ctx-b' } }),
      ctx(),
      io,
    );
    await evaluateRun(
      runAllBy({ label: 'z', authority: 'virtual:developer', context: 'ctx-b' }),
      ctx(),
      io,
    );
    const result = await claimFlow(claim(), ctx(), io);
    expect(result.granted).toBe(false);
    expect(result.blockers[0]!.reason).toMatch(
      /cross is not independent of self: same execution context ctx-b/,
    );
  });
});

describe('release chain', () => {
  test('self, cross and release_authority by three identities grant a release claim', async () => {
    const io = createFakeGateIO([makeControl('T.unit', command(['pass']))]);
    await selfRun(io);
    await auditFlow(audit(), ctx(), io);
    const alice: Actor = { label: 'Alice', authority: 'human:alice', context: 'laptop-alice' };
    const early = await claimFlow(claim({ scope: 'release' }), ctx(), io);
    expect(early.blockers.map((b) => [b.stage, b.status])).toEqual([['release_authority', 'TODO']]);
    const signed = await auditFlow(audit({ stage: 'release_authority', actor: alice }), ctx(), io);
    expect(signed.results[0]).toMatchObject({ agreement: 'agree', reviewed: io.stored[1]!.hash });
    const release = await claimFlow(claim({ scope: 'release', actor: alice }), ctx(), io);
    expect(release.verdict).toBe(
      'PASS [release] all 1 applicable controls at prototype are current PASS (stages: self, cross, release_authority)',
    );
  });

  test('under efficacy_required_for_release, an unproven hard gate refuses an otherwise granted release', async () => {
    const base = makeManifest();
    const manifest = makeManifest({
      policies: { ...base.policies, efficacy_required_for_release: true },
    });
    const io = createFakeGateIO([makeControl('T.unit', command(['pass']))], manifest);
    await selfRun(io);
    await auditFlow(audit(), ctx(), io);
    const alice: Actor = { label: 'Alice', authority: 'human:alice', context: 'laptop-alice' };
    await auditFlow(audit({ stage: 'release_authority', actor: alice }), ctx(), io);
    const before = io.stored.length;
    const release = await claimFlow(claim({ scope: 'release', actor: alice }), ctx(), io);
    expect(release.granted).toBe(false);
    expect(release.verdict).toMatch(
      /^REFUSED \[release\] 1 hard gate\(s\) have no efficacy evidence/,
    );
    expect(release.blockers).toEqual([
      expect.objectContaining({
        control: 'T.unit',
        status: 'TODO',
        // Said once: not "efficacy unproven: unproven: …".
        reason: 'efficacy unproven: no efficacy evidence for this control definition',
      }),
    ]);
    expect(io.stored.length).toBe(before);
    const project = await claimFlow(claim({ scope: 'project' }), ctx(), io);
    expect(project.granted).toBe(true);
  });

  test('a release_authority audit may not review self results directly', async () => {
    const io = createFakeGateIO([makeControl('T.unit', command(['pass']))]);
    await selfRun(io);
    const alice: Actor = { label: 'Alice', authority: 'human:alice', context: 'laptop-alice' };
    await expect(
      auditFlow(
        audit({ stage: 'release_authority', actor: alice, review: io.stored[0]!.hash }),
        ctx(),
        io,
      ),
    ).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/reviews cross results/),
    });
  });
});

test('an audit naming a control with nothing current to review is a usage error', async () => {
  const io = createFakeGateIO([
    makeControl('T.unit', command(['pass'])),
    makeControl('T.other', command(['pass'])),
  ]);
  await selfRun(io, ['T.unit']);
  await expect(
    auditFlow(audit({ controls: ['T.unit', 'T.other'] }), ctx(), io),
  ).rejects.toMatchObject({ exitCode: 2, message: 'T.other has no current self result to review' });
  const partial = await auditFlow(audit(), ctx(), io);
  expect(partial.results.map((r) => r.control)).toEqual(['T.unit']);
});
