import { describe, expect, test } from 'vitest';
import { parseRunBody } from '../../../scripts/lib/core/gate/entries/parse-body.ts';
import {
  evaluateRun,
  type EvaluateRunOptions,
} from '../../../scripts/lib/flows/run/evaluate-flow.ts';
import { statusFlow } from '../../../scripts/lib/flows/views/status-flow.ts';
import { createTestContext } from '../../helpers/context.ts';
import {
  command,
  createFakeGateIO,
  makeControl,
  makeManifest,
  type FakeGateIO,
} from '../../helpers/fake-gate-io.ts';

const developer = { label: 'agent-1', authority: 'virtual:developer', context: 'session-1' };
const base: EvaluateRunOptions = {
  root: '/work/project',
  controls: [],
  actor: developer,
  authorize: [],
  jobs: 2,
  dryRun: false,
};

function runBodies(io: FakeGateIO) {
  return io.stored.filter((s) => s.entry.kind === 'run').map((s) => parseRunBody(s.entry.body)!);
}

describe('evaluateRun', () => {
  test('records one run entry per executable control, PASS and FAIL by exit code, integers only', async () => {
    const io = createFakeGateIO([
      makeControl('T.pass', command(['pass'])),
      makeControl('T.fail', command(['fail'])),
    ]);
    const result = await evaluateRun(base, createTestContext(), io);
    expect(result.results.map((r) => [r.control, r.status])).toEqual([
      ['T.pass', 'PASS'],
      ['T.fail', 'FAIL'],
    ]);
    expect(result.ok).toBe(false);
    expect(result.results[1]!.reason).toMatch(/^exit 1 in 2\.3 s, see evidence [0-9a-f]{12}$/);
    const bodies = runBodies(io);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({
      control: 'T.pass',
      stage: 'self',
      status: 'PASS',
      exit_code: 0,
      duration_ms: 2300,
      timed_out: false,
      truncated: false,
    });
    expect(io.store.has(bodies[0]!.review!)).toBe(true);
    expect(io.maxConcurrentAppends).toBe(1);
  });

  test('a code edit stales a whole-tree control but not one whose inputs did not change', async () => {
    const io = createFakeGateIO([
      makeControl('T.tree', command(['pass'])),
      makeControl('T.inputs', command(['pass']), { inputs: ['src/**'] }),
    ]);
    await evaluateRun(base, createTestContext(), io);
    io.tree = 'b'.repeat(40);
    const after = await statusFlow({ root: '/', controls: [] }, createTestContext(), io);
    expect(after.statuses.map((s) => s.status)).toEqual(['STALE', 'PASS']);
    expect(after.statuses[0]!.reason).toBe(
      `no result for the current code (last PASS on tree ${'a'.repeat(12)}…)`,
    );
    io.inputs.set('T.inputs', '1'.repeat(64));
    const edited = await statusFlow({ root: '/', controls: [] }, createTestContext(), io);
    expect(edited.statuses[1]!.status).toBe('STALE');
    expect(edited.statuses[1]!.reason).toMatch(/current inputs/);
  });

  test('a control needing an authorization is BLOCKED with the exact rerun command, and the grant is recorded', async () => {
    const deploy = makeControl('T.deploy', {
      type: 'remote',
      authorization_required: ['remote_mutation'],
      argv: ['pass'],
    });
    const io = createFakeGateIO([deploy]);
    const refused = await evaluateRun(base, createTestContext(), io);
    expect(refused.results[0]!.status).toBe('BLOCKED');
    const rerun =
      'proofgate evaluate --run --control T.deploy --actor agent-1 --authority-id virtual:developer --execution-context session-1 --authorize remote_mutation';
    expect(refused.results[0]!.next).toBe(rerun);
    expect(io.requests).toHaveLength(0);
    expect(runBodies(io)[0]).toMatchObject({
      status: 'BLOCKED',
      blocker: { kind: 'authorization', rerun },
      authorizations: [],
    });
    await expect(
      evaluateRun({ ...base, authorize: ['remote_mutation'] }, createTestContext(), io),
    ).rejects.toMatchObject({ exitCode: 2 });
    expect(io.requests).toHaveLength(0);
    const allowed = await evaluateRun(
      { ...base, authorize: ['remote_mutation'], grantor: { authority: 'human:alice' } },
      createTestContext(),
      io,
    );
    expect(allowed.results[0]!.status).toBe('PASS');
    expect(runBodies(io)[1]!.authorizations).toEqual(['remote_mutation']);
    expect(runBodies(io)[1]!.grants).toEqual([{ kind: 'remote_mutation', by: 'human:alice' }]);
    const status = await statusFlow({ root: '/', controls: [] }, createTestContext(), io);
    expect(status.statuses[0]!.status).toBe('PASS');
  });

  test('a command that cannot be spawned is BLOCKED (environment)', async () => {
    const io = createFakeGateIO([makeControl('T.missing', command(['missing']))]);
    const result = await evaluateRun(base, createTestContext(), io);
    expect(result.results[0]).toMatchObject({ status: 'BLOCKED' });
    expect(runBodies(io)[0]!.blocker).toMatchObject({
      kind: 'environment',
      detail: 'cannot start missing: ENOENT',
    });
    const status = await statusFlow({ root: '/', controls: [] }, createTestContext(), io);
    expect(status.statuses[0]).toMatchObject({ status: 'BLOCKED' });
    expect(status.statuses[0]!.stages.self.blocker?.kind).toBe('environment');
  });

  test('slot and manual controls are TODO with the command that resolves them, and append nothing', async () => {
    const io = createFakeGateIO([
      makeControl('T.slot', { type: 'slot', hint: 'unit tests' }),
      makeControl('T.manual', { type: 'manual' }),
    ]);
    const result = await evaluateRun(base, createTestContext(), io);
    expect(result.results.map((r) => [r.status, r.next])).toEqual([
      ['TODO', 'proofgate adopt --list'],
      [
        'TODO',
        "proofgate attest --control T.manual --status PASS --note '<what was checked>' --authority-id human:alice",
      ],
    ]);
    expect(result.ok).toBe(false);
    expect(io.stored).toHaveLength(0);
  });

  test('the child sees only the allowlisted environment plus declared names; argv secrets are redacted', async () => {
    const env = {
      PATH: '/bin',
      HOME: '/h',
      AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI',
      NPM_TOKEN: 'npm_abcdef123',
      EXTRA: 'x',
      DECLARED: 'yes',
    };
    const io = createFakeGateIO([
      makeControl('T.env', command(['echo', 'token=npm_abcdef123'], { env: ['DECLARED'] })),
    ]);
    await evaluateRun(base, createTestContext({ env }), io);
    expect(io.requests[0]!.env).toEqual({ PATH: '/bin', HOME: '/h', DECLARED: 'yes' });
    const body = runBodies(io)[0]!;
    expect(body.argv).toEqual(['echo', 'token=[REDACTED]']);
    const review = new TextDecoder().decode(io.store.get(body.review!));
    expect(review).toBe('token=[REDACTED]\n');
  });

  test('file controls check existence; trace controls use the injected checker', async () => {
    const io = createFakeGateIO([
      makeControl('T.readme', { type: 'file', path: 'README.md', condition: 'exists' }),
      makeControl('T.nosecrets', { type: 'file', path: '.env', condition: 'absent' }),
      makeControl('T.escape', { type: 'file', path: '../etc/passwd', condition: 'absent' }),
      makeControl('T.trace', { type: 'trace', pack: 'refunds', traces: ['t/*.jsonl'] }),
    ]);
    io.files.set('.env', new Uint8Array());
    io.traces.set('refunds', {
      status: 'FAIL',
      detail: '1 block finding: refund-without-identity',
      report: new TextEncoder().encode('report'),
    });
    const result = await evaluateRun(base, createTestContext(), io);
    expect(result.results.map((r) => r.status)).toEqual(['FAIL', 'FAIL', 'FAIL', 'FAIL']);
    expect(result.results[0]!.reason).toBe('README.md is absent (expected exists)');
    expect(result.results[2]!.reason).toBe('../etc/passwd resolves outside the root');
    expect(result.results[3]!.reason).toMatch(
      /^1 block finding: refund-without-identity, see evidence /,
    );
  });

  test('--jobs runs controls in parallel while appends stay serial; results keep registry order', async () => {
    const controls = ['a', 'b', 'c', 'd'].map((id) => makeControl(id, command(['sleep', '60'])));
    const io = createFakeGateIO(controls);
    const started = performance.now();
    const result = await evaluateRun({ ...base, jobs: 4 }, createTestContext(), io);
    expect(performance.now() - started).toBeLessThan(200);
    expect(result.results.map((r) => r.control)).toEqual(['a', 'b', 'c', 'd']);
    expect(io.maxConcurrentAppends).toBe(1);
    expect(io.stored.map((s) => s.entry.seq)).toEqual([0, 1, 2, 3]);
  });

  test('--dry-run describes the plan and appends nothing', async () => {
    const io = createFakeGateIO([
      makeControl('T.unit', command(['npm', 'test'], { timeout_seconds: 30 })),
    ]);
    const result = await evaluateRun({ ...base, dryRun: true }, createTestContext(), io);
    expect(result.results[0]).toMatchObject({
      status: 'PLANNED',
      reason: 'would run ["npm","test"] in ., timeout 30 s',
    });
    expect(io.stored).toHaveLength(0);
    expect(io.requests).toHaveLength(0);
  });

  test('refuses unknown controls, unregistered actors and bad --jobs before running anything', async () => {
    const io = createFakeGateIO([makeControl('T.pass', command(['pass']))]);
    await expect(
      evaluateRun({ ...base, controls: ['nope'] }, createTestContext(), io),
    ).rejects.toMatchObject({ exitCode: 2, code: 'UNKNOWN_ID' });
    const stranger = { ...developer, authority: 'virtual:quality' };
    await expect(
      evaluateRun({ ...base, actor: stranger }, createTestContext(), io),
    ).rejects.toMatchObject({ exitCode: 2 });
    await expect(evaluateRun({ ...base, jobs: 0 }, createTestContext(), io)).rejects.toMatchObject({
      exitCode: 2,
    });
    expect(io.requests).toHaveLength(0);
  });

  test('the evidence budget is counted by one meter for the whole run, once per check', async () => {
    const manifest = makeManifest();
    manifest.policies.evidence.budget_bytes = 1000;
    const io = createFakeGateIO(
      ['T.a', 'T.b', 'T.c'].map((id) => makeControl(id, command(['pass']))),
      manifest,
    );
    let opened = 0;
    let checks = 0;
    // the store grows 600 bytes per control: the third check finds it at 1200, over 1000
    io.evidenceMeter = () => {
      opened += 1;
      return { bytes: () => Promise.resolve(600 * checks++) };
    };
    const result = await evaluateRun({ ...base, jobs: 1 }, createTestContext(), io);
    expect(opened).toBe(1);
    expect(checks).toBe(3);
    expect(result.results.map((r) => r.status)).toEqual(['PASS', 'PASS', 'BLOCKED']);
    expect(runBodies(io)[2]?.blocker?.detail).toContain('holds 1200 bytes, at or over its budget');
  });
});
