import { describe, expect, test } from 'vitest';
import type { Actor } from '../../../scripts/lib/core/ledger/types.ts';
import type { Manifest } from '../../../scripts/lib/core/plane/types.ts';
import { ConfigError, UsageError } from '../../../scripts/lib/core/errors.ts';
import { claimFlow } from '../../../scripts/lib/flows/claim/claim-flow.ts';
import { claimInCampaign } from '../../../scripts/lib/flows/campaign/campaign-claim.ts';
import { evaluateRun } from '../../../scripts/lib/flows/run/evaluate-flow.ts';
import { recordBaseline } from '../../../scripts/lib/flows/run/record-baseline.ts';
import { registerCampaign } from '../../../scripts/lib/flows/campaign/register-campaign.ts';
import { statusFlow } from '../../../scripts/lib/flows/views/status-flow.ts';
import { createTestContext } from '../../helpers/context.ts';
import {
  command,
  createFakeGateIO,
  defaultScript,
  makeControl,
  makeManifest,
  output,
  type FakeGateIO,
} from '../../helpers/fake-gate-io.ts';

const developer: Actor = { label: 'agent', authority: 'virtual:developer', context: 's1' };
// The owner signs: from engineering_ready up a campaign counts only when its owner's key signed it.
const OWNER_KEY = 'a1'.repeat(32);
const owner: Actor = {
  label: 'alice',
  authority: 'human:alice',
  context: 'laptop',
  keyid: OWNER_KEY,
};
const ownerKeyed = (manifest: Manifest): Manifest => ({
  ...manifest,
  authorities: manifest.authorities.map((a) =>
    a.id === 'human:alice'
      ? {
          ...a,
          keys: [{ keyid: OWNER_KEY, public_key: `${'A'.repeat(43)}=`, added: '2026-01-01' }],
        }
      : a,
  ),
});
const ctx = () => createTestContext();
const V = [
  'no-var:src/a.ts:f1',
  'no-var:src/a.ts:f2',
  'no-var:src/b.ts:g',
  'eqeqeq:src/c.ts:h',
  'eqeqeq:src/d.ts:k',
];

const spec = (overrides: Record<string, unknown> = {}) => ({
  id: 'lint-debt',
  revision: 1,
  title: 'pay down lint debt',
  controls: ['T.unit', 'T.lint'],
  exit_policy: { max_new_violations: 0, min_fixed: 2 },
  phases: [
    {
      id: 'p1',
      title: 'src',
      tasks: [{ id: 't1', title: 'fix a.ts', controls: ['T.unit', 'T.lint'] }],
    },
  ],
  ...overrides,
});

function setup(manifest = makeManifest()) {
  const io = createFakeGateIO(
    [
      makeControl('T.unit', command(['pass'])),
      makeControl('T.lint', command(['lint'], { evaluation: 'ratchet' })),
    ],
    ownerKeyed(manifest),
  );
  const state = { lint: [...V], raw: undefined as string | undefined };
  io.script = (request) => {
    if (request.argv[0] !== 'lint') return defaultScript(request);
    const text = state.raw ?? state.lint.map((v) => `${v}\n`).join('');
    return output(text, state.lint.length > 0 || state.raw !== undefined ? 1 : 0);
  };
  return { io, state };
}

async function baselineAndRegister(io: FakeGateIO) {
  const baseline = await recordBaseline(
    { root: '/', control: 'T.lint', actor: developer, authorize: [], allowGrowth: false },
    ctx(),
    io,
  );
  expect(baseline).toMatchObject({
    recorded: true,
    count: 5,
    reason: 'baseline of T.lint: 5 violations',
  });
  return registerCampaign(
    { root: '/', spec: spec(), file: 'campaign.yaml', actor: owner },
    ctx(),
    io,
  );
}

const run = (io: FakeGateIO) =>
  evaluateRun(
    { root: '/', controls: [], actor: developer, authorize: [], jobs: 1, dryRun: false },
    ctx(),
    io,
  );
const taskClaim = (io: FakeGateIO) =>
  claimInCampaign(
    { root: '/', campaign: 'lint-debt', task: 't1', controls: [], record: true, actor: developer },
    ctx(),
    io,
  );

describe('campaign task claims over a ratchet', () => {
  test('baseline 5, a change fixes 2 and adds 0: task COMPLETED, debt still FAIL, project refused naming the debt', async () => {
    const { io, state } = setup();
    await baselineAndRegister(io);
    io.tree = 'b'.repeat(40);
    state.lint = V.slice(2);
    const evaluated = await run(io);
    expect(evaluated.results.find((r) => r.control === 'T.lint')).toMatchObject({
      status: 'FAIL',
      reason: expect.stringContaining(
        'open debt: 3 violations (baseline 5: 2 fixed, 0 new)',
      ) as string,
    });
    const claimed = await taskClaim(io);
    expect(claimed.verdict).toBe(
      'COMPLETED [task] campaign lint-debt r1 task t1: 1 controls current PASS; debt T.lint: 3 open (2 fixed, 0 new); project readiness is unchanged',
    );
    expect(claimed.entry).toBe(io.stored.at(-1)!.hash);
    expect(io.stored.at(-1)!.entry.body).toMatchObject({
      scope: 'task',
      outcome: 'COMPLETED',
      campaign: { id: 'lint-debt', revision: 1, task: 't1', new: 0, fixed: 2 },
    });
    const status = await statusFlow({ root: '/', controls: [] }, ctx(), io);
    expect(status.statuses.find((s) => s.control === 'T.lint')?.status).toBe('FAIL');
    const project = await claimFlow(
      { root: '/', scope: 'project', controls: [], record: true, actor: developer },
      ctx(),
      io,
    );
    expect(project.granted).toBe(false);
    expect(project.blockers).toContainEqual(
      expect.objectContaining({
        control: 'T.lint',
        stage: 'self',
        status: 'FAIL',
        reason: expect.stringContaining('open debt: 3 violations') as string,
      }),
    );
  });

  test('fixes 2 and adds 1 with max-new 0: task refused naming the new violation', async () => {
    const { io, state } = setup();
    await baselineAndRegister(io);
    io.tree = 'b'.repeat(40);
    state.lint = [...V.slice(2), 'no-var:src/new.ts:z'];
    await run(io);
    const count = io.stored.length;
    const claimed = await taskClaim(io);
    expect(claimed.granted).toBe(false);
    expect(claimed.blockers.map((b) => b.reason)).toEqual([
      'exit policy: 1 new violations (at most 0): T.lint no-var:src/new.ts:z',
    ]);
    expect(io.stored).toHaveLength(count);
  });

  test('too few fixed is refused by min_fixed', async () => {
    const { io, state } = setup();
    await baselineAndRegister(io);
    io.tree = 'b'.repeat(40);
    state.lint = V.slice(1);
    await run(io);
    expect((await taskClaim(io)).blockers.map((b) => b.reason)).toEqual([
      'exit policy: 1 violations fixed (at least 2)',
    ]);
  });

  test('unparseable ratchet output is FAIL with the reason, never PASS, and the task is refused', async () => {
    const { io, state } = setup();
    await baselineAndRegister(io);
    io.tree = 'b'.repeat(40);
    state.raw = 'Everything is fine! 0 problems\n';
    state.lint = [];
    const evaluated = await run(io);
    expect(evaluated.results.find((r) => r.control === 'T.lint')).toMatchObject({
      status: 'FAIL',
      reason: expect.stringContaining(
        'unreadable ratchet output: output line 1 is not a fingerprint',
      ) as string,
    });
    const claimed = await taskClaim(io);
    expect(claimed.granted).toBe(false);
    expect(claimed.blockers.map((b) => b.reason)).toContain(
      'the ratchet output was unreadable: no delta can be computed',
    );
  });

  test('zero violations with exit 0 is PASS: the debt is paid', async () => {
    const { io, state } = setup();
    state.lint = [];
    const evaluated = await run(io);
    expect(evaluated.results.find((r) => r.control === 'T.lint')).toMatchObject({
      status: 'PASS',
      reason: expect.stringContaining('no violations') as string,
    });
  });

  test('from engineering_ready up an unsigned campaign does not relax a task claim, even under the owner label', async () => {
    const { io, state } = setup();
    // The owner's key is not registered here: the registration is an unsigned label.
    io.plane.manifest = makeManifest();
    const { keyid: _keyid, ...label } = owner;
    await recordBaseline(
      { root: '/', control: 'T.lint', actor: developer, authorize: [], allowGrowth: false },
      ctx(),
      io,
    );
    await registerCampaign({ root: '/', spec: spec(), file: 'c.yaml', actor: label }, ctx(), io);
    io.tree = 'b'.repeat(40);
    state.lint = V.slice(2);
    await run(io);
    const claimed = await taskClaim(io);
    expect(claimed.granted).toBe(false);
    expect(claimed.blockers).toContainEqual({
      control: 'campaign:lint-debt',
      stage: 'release_authority',
      status: 'BLOCKED',
      reason:
        'campaign lint-debt r1 is not signed by a key registered to human:alice (at engineering_ready, a campaign counts only when its owner signed it)',
      next: expect.stringContaining(
        'proofgate campaign start --campaign lint-debt --task t1',
      ) as string,
    });
    // At prototype a label counts: the same campaign completes the task.
    io.plane.manifest = {
      ...io.plane.manifest,
      profile: { ...io.plane.manifest.profile, target_maturity: 'prototype' },
    };
    expect((await taskClaim(io)).granted).toBe(true);
  });

  test('a new, unrelated control leaves the campaign active; a changed definition of one of its controls drifts it', async () => {
    const { io, state } = setup();
    await baselineAndRegister(io);
    io.plane.registry.controls.push(makeControl('T.docs', command(['pass'])));
    state.lint = V.slice(2);
    await run(io);
    expect((await taskClaim(io)).granted).toBe(true);
    const unit = io.plane.registry.controls.find((c) => c.id === 'T.unit')!;
    unit.execution = command(['pass', '--strict']);
    await run(io);
    const claimed = await taskClaim(io);
    expect(claimed.granted).toBe(false);
    expect(claimed.blockers[0]).toMatchObject({ control: 'campaign:lint-debt', status: 'STALE' });
    expect(claimed.blockers[0]!.reason).toBe(
      'the definition of T.unit changed since revision 1 was registered: the campaign needs a new revision',
    );
    await expect(
      registerCampaign({ root: '/', spec: spec(), file: 'c.yaml', actor: owner }, ctx(), io),
    ).rejects.toThrow('registered at revision 1');
    await registerCampaign(
      { root: '/', spec: spec({ revision: 2 }), file: 'c.yaml', actor: owner },
      ctx(),
      io,
    );
    expect((await taskClaim(io)).granted).toBe(true);
  });

  test('the task claim gets the same decision as any task claim: an unmapped instruction file under block refuses it', async () => {
    const base = makeManifest();
    const agents = { path: 'AGENTS.md', sha256: 'a'.repeat(64) };
    const { io, state } = setup({
      ...base,
      instruction_sources: [agents],
      policies: { ...base.policies, unmapped_instructions: 'block' },
    });
    await baselineAndRegister(io);
    io.tree = 'b'.repeat(40);
    state.lint = V.slice(2);
    await run(io);
    const before = io.stored.length;
    const refused = await taskClaim(io);
    expect(refused.granted).toBe(false);
    expect(refused.blockers).toContainEqual(
      expect.objectContaining({
        control: 'instructions:AGENTS.md',
        reason: expect.stringContaining('unmapped_instructions: block') as string,
      }),
    );
    expect(refused.verdict).toMatch(/^REFUSED \[task\] campaign lint-debt r1 task t1: 1 blockers/);
    expect(io.stored).toHaveLength(before);
  });

  test('under unmapped_instructions: warn the task claim is granted and carries the warning', async () => {
    const base = makeManifest();
    const { io, state } = setup({
      ...base,
      instruction_sources: [{ path: 'AGENTS.md', sha256: 'a'.repeat(64) }],
    });
    await baselineAndRegister(io);
    io.tree = 'b'.repeat(40);
    state.lint = V.slice(2);
    await run(io);
    const claimed = await taskClaim(io);
    expect(claimed.granted).toBe(true);
    expect(claimed.warnings).toEqual([
      expect.stringContaining('agent instruction file AGENTS.md is not mapped'),
    ]);
  });

  test('ai_brownfield: a plain task claim is refused without a campaign', async () => {
    const base = makeManifest();
    const { io } = setup({
      ...base,
      profile: { ...base.profile, development_mode: 'ai_brownfield' },
    });
    await run(io);
    const claimed = await claimFlow(
      { root: '/', scope: 'task', controls: ['T.unit'], record: true, actor: developer },
      ctx(),
      io,
    );
    expect(claimed.granted).toBe(false);
    expect(claimed.verdict).toBe(
      'REFUSED [task] development mode ai_brownfield: a task claim is made inside a campaign task, and none is named; start or resume one with proofgate campaign start --task <task id>, which writes the task file (references/campaign.md) (or claim with --campaign ID --task ID)',
    );
    await expect(taskClaim(io)).rejects.toThrow('no campaign lint-debt is registered');
  });
});

describe('registration and baselines', () => {
  test('an invalid campaign lists every problem and writes nothing', async () => {
    const { io } = setup();
    const bad = spec({
      revision: 0,
      extra: 1,
      controls: ['T.unit', 'T.nope'],
      phases: [{ id: 'p1', title: 'x', tasks: [{ id: 'p1', title: 't', controls: ['T.other'] }] }],
    });
    const error = await registerCampaign(
      { root: '/', spec: bad, file: 'c.yaml', actor: owner },
      ctx(),
      io,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'c.yaml:/extra: unknown field (allowed: id, revision, title, controls, exit_policy, phases)',
      'c.yaml:/revision: expected a whole number >= 1',
      'c.yaml:/phases/0/tasks/0/id: duplicate id p1 (phase and task ids are unique in a campaign)',
      "c.yaml:/phases/0/tasks/0/controls: T.other is not one of the campaign's controls",
      'c.yaml:/controls: T.nope is not a control in the registry',
    ]);
    expect(io.stored).toHaveLength(0);
  });

  test('registering needs a release_authority owner and a baseline for every ratchet control', async () => {
    const { io } = setup();
    await expect(
      registerCampaign({ root: '/', spec: spec(), file: 'c.yaml', actor: developer }, ctx(), io),
    ).rejects.toBeInstanceOf(UsageError);
    await expect(
      registerCampaign({ root: '/', spec: spec(), file: 'c.yaml', actor: owner }, ctx(), io),
    ).rejects.toThrow('no baseline is recorded for T.lint');
  });

  test('a new baseline never absorbs new violations unless --allow-growth', async () => {
    const { io, state } = setup();
    await recordBaseline(
      { root: '/', control: 'T.lint', actor: developer, authorize: [], allowGrowth: false },
      ctx(),
      io,
    );
    state.lint = [...V, 'x:y:z'];
    const refused = await recordBaseline(
      { root: '/', control: 'T.lint', actor: developer, authorize: [], allowGrowth: false },
      ctx(),
      io,
    );
    expect(refused).toMatchObject({ recorded: false, growth: ['x:y:z'] });
    const grown = await recordBaseline(
      { root: '/', control: 'T.lint', actor: developer, authorize: [], allowGrowth: true },
      ctx(),
      io,
    );
    expect(grown).toMatchObject({ recorded: true, count: 6 });
    await expect(
      recordBaseline(
        { root: '/', control: 'T.unit', actor: developer, authorize: [], allowGrowth: false },
        ctx(),
        io,
      ),
    ).rejects.toThrow('not a ratchet control');
  });

  test('a baseline whose evidence object was altered is an integrity error, never an empty set', async () => {
    const { io, state } = setup();
    await baselineAndRegister(io);
    const note = io.stored.find((e) => e.entry.body['type'] === 'baseline')!;
    io.store.set(note.entry.body['fingerprints_object'] as string, new TextEncoder().encode('[]'));
    state.lint = V.slice(2);
    await expect(run(io)).rejects.toThrow('altered or malformed');
  });

  test('with --base, a campaign task claim is gated by its controls changed since the base', async () => {
    const { io, state } = setup();
    await baselineAndRegister(io);
    io.tree = 'b'.repeat(40);
    state.lint = V.slice(2);
    await run(io);
    const plane = await io.loadPlane('/');
    const weaker = plane.registry.controls.map((c) =>
      c.id === 'T.unit' ? { ...c, execution: command(['stricter-at-base']) } : c,
    );
    const atBase = {
      base: 'main',
      commit: 'c'.repeat(40),
      plane: { ...plane, registry: { ...plane.registry, controls: weaker } },
    };
    const claimed = await claimInCampaign(
      {
        root: '/',
        campaign: 'lint-debt',
        task: 't1',
        controls: [],
        record: true,
        actor: developer,
        rulesAtBase: atBase,
      },
      ctx(),
      io,
    );
    expect(claimed.granted).toBe(false);
    expect(claimed.verdict).toMatch(
      /^REFUSED \[task\] 1 control definition\(s\) changed since main/,
    );
    expect(claimed.blockers.map((b) => [b.control, b.stage])).toContainEqual([
      'T.unit',
      'release_authority',
    ]);
    expect(claimed.rules).toMatchObject({ from: 'base', changes: [] });
  });
});
