import { describe, expect, test } from 'vitest';
import type { Actor } from '../../../scripts/lib/core/ledger/types.ts';
import {
  attestFlow,
  type AttestFlowOptions,
} from '../../../scripts/lib/flows/audit/attest-flow.ts';
import { auditFlow } from '../../../scripts/lib/flows/audit/audit-flow.ts';
import { evaluateRun } from '../../../scripts/lib/flows/run/evaluate-flow.ts';
import { claimFlow } from '../../../scripts/lib/flows/claim/claim-flow.ts';
import { statusFlow } from '../../../scripts/lib/flows/views/status-flow.ts';
import { createTestContext } from '../../helpers/context.ts';
import {
  command,
  createFakeGateIO,
  defaultScript,
  makeControl,
  output,
  crossAuditBy,
  runAllBy,
} from '../../helpers/fake-gate-io.ts';

const alice: Actor = { label: 'Alice', authority: 'human:alice', context: 'laptop-alice' };
const developer: Actor = { label: 'agent-1', authority: 'virtual:developer', context: 'session-1' };
const attest = (overrides: Partial<AttestFlowOptions> = {}): AttestFlowOptions => ({
  root: '/',
  control: 'T.review',
  status: 'PASS',
  note: 'walked through the release checklist',
  actor: alice,
  ...overrides,
});
const at = (now: string) => createTestContext({ now });
const status = async (io: ReturnType<typeof createFakeGateIO>, now = '2026-01-01T00:00:00.000Z') =>
  (await statusFlow({ root: '/', controls: [] }, at(now), io)).statuses;

describe('attestations', () => {
  test('evaluate --run agrees with status: TODO before the attestation (not OK), PASS after', async () => {
    const io = createFakeGateIO([makeControl('T.review', { type: 'manual' })]);
    const options = runAllBy(developer);
    const before = await evaluateRun(options, at('2026-01-01T00:00:00.000Z'), io);
    expect(before.ok).toBe(false);
    expect(before.results[0]).toMatchObject({ status: 'TODO' });
    await attestFlow(attest(), at('2026-01-01T00:00:00.000Z'), io);
    const after = await evaluateRun(options, at('2026-01-02T00:00:00.000Z'), io);
    const [shown] = await status(io, '2026-01-02T00:00:00.000Z');
    expect(shown?.status).toBe('PASS');
    expect(after.results[0]).toMatchObject({ status: 'PASS' });
    expect(after.ok).toBe(true);
  });

  test('a standing one survives a tree change and goes STALE when it expires', async () => {
    const io = createFakeGateIO([makeControl('T.review', { type: 'manual' })]);
    io.files.set('docs/checklist.pdf', new TextEncoder().encode('%PDF'));
    const result = await attestFlow(
      attest({ expires: '2026-02-01T00:00:00Z', evidence: 'docs/checklist.pdf', standing: true }),
      at('2026-01-01T00:00:00.000Z'),
      io,
    );
    expect(result).toMatchObject({
      status: 'PASS',
      expires: '2026-02-01T00:00:00.000Z',
      binds: 'standing',
    });
    expect(io.store.has(result.evidence!)).toBe(true);
    io.tree = '9'.repeat(40);
    const [fresh] = await status(io, '2026-01-15T00:00:00.000Z');
    expect(fresh).toMatchObject({
      status: 'PASS',
      reason:
        'attested PASS by human:alice until 2026-02-01T00:00:00.000Z: walked through the release checklist',
    });
    const [expired] = await status(io, '2026-02-01T00:00:00.000Z');
    expect(expired).toMatchObject({
      status: 'STALE',
      reason: 'attestation by human:alice expired at 2026-02-01T00:00:00.000Z',
    });
  });

  test('one written for the code as it is goes STALE when the tree changes, whatever its age', async () => {
    const io = createFakeGateIO([makeControl('T.review', { type: 'manual' })]);
    const result = await attestFlow(
      attest({ expires: '2026-02-01T00:00:00Z' }),
      at('2026-01-01T00:00:00.000Z'),
      io,
    );
    expect(result.binds).toBe('tree');
    expect((await status(io, '2026-01-02T00:00:00.000Z'))[0]).toMatchObject({ status: 'PASS' });
    io.tree = '9'.repeat(40);
    const [next] = await status(io, '2026-01-02T00:00:00.000Z');
    expect(next!.status).toBe('STALE');
    expect(next!.reason).toMatch(
      /^no attestation for the current code: the attestation by human:alice/,
    );
  });

  test('standing needs an expiry and is refused for a control with inputs', async () => {
    const io = createFakeGateIO([
      makeControl('T.review', { type: 'manual' }),
      makeControl('T.diff', { type: 'manual' }, { inputs: ['src/**'] }),
    ]);
    await expect(
      attestFlow(attest({ standing: true }), at('2026-01-01T00:00:00.000Z'), io),
    ).rejects.toMatchObject({ exitCode: 2, code: 'MISSING_ARG' });
    await expect(
      attestFlow(
        attest({ control: 'T.diff', standing: true, expires: '2026-02-01T00:00:00Z' }),
        at('2026-01-01T00:00:00.000Z'),
        io,
      ),
    ).rejects.toMatchObject({ exitCode: 2, code: 'BAD_FLAG' });
  });

  test('changing the control definition stales an attestation', async () => {
    const io = createFakeGateIO([makeControl('T.review', { type: 'manual' })]);
    await attestFlow(attest(), at('2026-01-01T00:00:00.000Z'), io);
    io.plane.registry.controls[0] = makeControl(
      'T.review',
      { type: 'manual' },
      { title: 'reworded' },
    );
    const [s] = await status(io);
    expect(s!.status).toBe('STALE');
  });

  test('refuses command controls, non-human authorities, empty notes, past and over-age expiry', async () => {
    const io = createFakeGateIO([
      makeControl('T.unit', command(['pass'])),
      makeControl('T.review', { type: 'manual', attestation_max_age_days: 30 }),
    ]);
    const now = at('2026-01-01T00:00:00.000Z');
    await expect(attestFlow(attest({ control: 'T.unit' }), now, io)).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/command control/),
    });
    await expect(attestFlow(attest({ actor: developer }), now, io)).rejects.toMatchObject({
      exitCode: 2,
    });
    await expect(attestFlow(attest({ note: '  ' }), now, io)).rejects.toMatchObject({
      exitCode: 2,
    });
    await expect(attestFlow(attest({ expires: '2025-12-01' }), now, io)).rejects.toMatchObject({
      exitCode: 2,
    });
    await expect(attestFlow(attest({ expires: '2026-03-01' }), now, io)).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/maximum age of 30 days/),
    });
    await expect(attestFlow(attest({ expires: 'soon' }), now, io)).rejects.toMatchObject({
      exitCode: 2,
    });
    expect(io.stored).toHaveLength(0);
    const defaulted = await attestFlow(attest(), now, io);
    expect(defaulted.expires).toBe('2026-01-31T00:00:00.000Z');
  });

  test('a cross audit of an attestation re-reads its evidence and agrees', async () => {
    const io = createFakeGateIO([makeControl('T.review', { type: 'manual' })]);
    io.files.set('notes.md', new TextEncoder().encode('checked'));
    await attestFlow(attest({ evidence: 'notes.md' }), at('2026-01-01T00:00:00.000Z'), io);
    const quality = { label: 'q', authority: 'virtual:quality', context: 'ci-1' };
    const result = await auditFlow(crossAuditBy(quality), at('2026-01-02T00:00:00.000Z'), io);
    expect(result.results[0]).toMatchObject({ agreement: 'agree', status: 'PASS' });
    expect(io.requests).toHaveLength(0);
  });
});

describe('statuses', () => {
  test('NOT_APPLICABLE needs an owner and a rationale; otherwise the control FAILs', async () => {
    const io = createFakeGateIO([
      makeControl('T.na', command(['pass']), {
        applies: { value: false, owner: 'human:alice', rationale: 'no network code' },
      }),
      makeControl('T.bad', command(['pass']), { applies: { value: false } }),
    ]);
    const [na, bad] = await status(io);
    expect(na).toMatchObject({
      status: 'NOT_APPLICABLE',
      reason: 'not applicable (human:alice): no network code',
    });
    expect(bad).toMatchObject({
      status: 'FAIL',
      reason: 'marked not applicable without an owner and a rationale',
    });
  });

  test('PASS then FAIL on the same binding is FLAKY, whichever came last, until three passes clear it', async () => {
    const io = createFakeGateIO([makeControl('T.unit', command(['pass']))]);
    const run = () =>
      evaluateRun(
        { root: '/', controls: [], actor: developer, authorize: [], jobs: 1, dryRun: false },
        at('2026-01-01T00:00:00.000Z'),
        io,
      );
    await run();
    io.script = (r) => (r.argv[0] === 'pass' ? output('boom\n', 2) : defaultScript(r));
    await run();
    const [s] = await status(io);
    expect(s).toMatchObject({ status: 'FLAKY', flaky: true });
    expect(s!.reason).toMatch(
      /^exit 2 in 2\.3 s, see evidence [0-9a-f]{12} \(FLAKY: PASS and FAIL on this code; 0 of 3 passing runs since the last FAIL, 3 more clear it\)$/,
    );
    expect(s!.stages.self.next).toBe('proofgate evaluate --run --control T.unit --repeat 3');
    // A PASS after the FAIL on the same code does not make it PASS again.
    io.script = defaultScript;
    await run();
    const [again] = await status(io);
    expect(again).toMatchObject({ status: 'FLAKY', flaky: true });
    const claim = await claimFlow(
      { root: '/', scope: 'project', controls: [], record: false, actor: developer },
      at('2026-01-01T00:00:00.000Z'),
      io,
    );
    expect(claim.granted).toBe(false);
    expect(JSON.stringify(claim.blockers)).toContain('FLAKY');
    // Two more passes after the FAIL (three in all) clear it: PASS, and the reason says how.
    await run();
    const [twice] = await status(io);
    expect(twice).toMatchObject({ status: 'FLAKY', flaky: true });
    expect(twice!.stages.self.next).toBe('proofgate evaluate --run --control T.unit');
    await run();
    const [cleared] = await status(io);
    expect(cleared).toMatchObject({ status: 'PASS', flaky: true });
    expect(cleared!.reason).toMatch(/\(flaky, then 3 passes on this code\)$/);
  });

  test('controls above the target maturity are not reported; explicit ids are, at any maturity', async () => {
    const io = createFakeGateIO([
      makeControl('T.low', command(['pass'])),
      makeControl('T.high', command(['pass']), { required_from_maturity: 'regulated_ready' }),
    ]);
    expect((await status(io)).map((s) => s.control)).toEqual(['T.low']);
    const explicit = await statusFlow(
      { root: '/', controls: ['T.high'] },
      at('2026-01-01T00:00:00.000Z'),
      io,
    );
    expect(explicit.statuses.map((s) => [s.control, s.status])).toEqual([['T.high', 'TODO']]);
    expect(explicit.counts.TODO).toBe(1);
  });

  test('a malformed body never counts as a result', async () => {
    const io = createFakeGateIO([makeControl('T.unit', command(['pass']))]);
    await evaluateRun(
      { root: '/', controls: [], actor: developer, authorize: [], jobs: 1, dryRun: false },
      at('2026-01-01T00:00:00.000Z'),
      io,
    );
    const body = io.stored[0]!.entry.body;
    body['status'] = 'pass';
    expect((await status(io))[0]!.status).toBe('TODO');
  });
});
