import { describe, expect, test } from 'vitest';
import {
  decisionPlane,
  diffRules,
  withBaseAuthorities,
} from '../../../scripts/lib/core/gate/claim/base-rules.ts';
import type { ControlStatus } from '../../../scripts/lib/core/gate/status/compute-status.ts';
import type { ClaimDecision } from '../../../scripts/lib/core/gate/claim/decide-claim.ts';
import type { Actor } from '../../../scripts/lib/core/ledger/types.ts';
import type { Plane } from '../../../scripts/lib/core/plane/plane.ts';
import { command, makeControl, makeManifest, ROOT } from '../../helpers/fake-gate-io.ts';

const base = makeManifest();

function plane(manifest = base, ids: string[] = ['build']): Plane {
  return {
    root: ROOT,
    dir: `${ROOT}/.proofgate`,
    rel: '.proofgate',
    manifest,
    registry: { version: 1, controls: ids.map((id) => makeControl(id, command(['make', id]))) },
    manifestPath: `${ROOT}/.proofgate/controls/manifest.yaml`,
    registryPath: `${ROOT}/.proofgate/controls/registry.yaml`,
  };
}

function statusBy(cross: Actor): ControlStatus {
  const stage = (s: string, actor: Actor) => ({
    stage: s,
    status: 'PASS',
    reason: 'PASS',
    flaky: false,
    actor,
  });
  const dev = { label: 'dev', authority: 'virtual:developer', context: 'local:dev' };
  return {
    control: 'build',
    title: 'build',
    owner: 'human:alice',
    execution: 'command',
    status: 'PASS',
    reason: 'PASS',
    flaky: false,
    stages: {
      self: stage('self', dev),
      cross: stage('cross', cross),
      release_authority: { stage: 'release_authority', status: 'TODO', reason: '', flaky: false },
    },
  } as unknown as ControlStatus;
}

const granted: ClaimDecision = {
  granted: true,
  verdict: 'COMPLETED',
  scope: 'task',
  target: 'engineering_ready',
  stages: ['self', 'cross'],
  blockers: [],
  body: {} as ClaimDecision['body'] & object,
};

describe('rules from the base', () => {
  test("the deciding plane has the base manifest and only the base's controls, in their current definition", () => {
    const working = plane(makeManifest({ ledger_id: 'changed' }), ['build', 'added']);
    const decided = decisionPlane(working, plane(base, ['build', 'removed']));
    expect(decided.manifest).toBe(base);
    expect(decided.registry.controls.map((c) => c.id)).toEqual(['build']);
    expect(decided.registry.controls[0]).toBe(working.registry.controls[0]);
    expect(decided.root).toBe(working.root);
  });

  test('lists every authority, key and policy change, and nothing when unchanged', () => {
    expect(diffRules(base, base)).toEqual([]);
    const working = makeManifest({
      authorities: [
        { id: 'virtual:developer', kind: 'virtual', stages: ['self'] },
        {
          id: 'virtual:quality',
          kind: 'virtual',
          stages: ['cross'],
          keys: [{ keyid: 'abcdef0123456789', public_key: 'p', added: 't' }],
        },
        { id: 'virtual:friend', kind: 'virtual', stages: ['cross'] },
      ],
      profile: { ...base.profile, target_maturity: 'prototype' },
      policies: { ...base.policies, unmapped_instructions: 'block' },
    });
    expect(diffRules(base, working)).toEqual([
      'authority virtual:quality changed (virtual, stages cross -> virtual, stages cross, keys abcdef012345)',
      'authority virtual:friend added (virtual, stages cross)',
      'authority human:alice removed (human, stages self, release_authority)',
      'policies.unmapped_instructions: "warn" -> "block"',
      'profile.target_maturity: "engineering_ready" -> "prototype"',
    ]);
  });

  test('a stage by an authority not registered for it at the base refuses, naming a base authority to act', () => {
    const friend = { label: 'f', authority: 'virtual:friend', context: 'ci:2' };
    const refused = withBaseAuthorities(granted, [statusBy(friend)], base, 'main');
    expect(refused.granted).toBe(false);
    expect(refused.body).toBeUndefined();
    expect(refused.verdict).toMatch(/^REFUSED \[task\] 1 stage result\(s\)/);
    expect(refused.blockers).toMatchObject([
      {
        control: 'build',
        stage: 'cross',
        reason: expect.stringContaining('virtual:friend is not registered') as unknown,
        next: expect.stringContaining('--authority-id virtual:quality') as unknown,
      },
    ]);
    const self = { label: 'dev', authority: 'virtual:developer', context: 'ci:2' };
    const wrongStage = withBaseAuthorities(granted, [statusBy(self)], base, 'main');
    expect(wrongStage.blockers[0]?.reason).toContain('not registered for stage cross');
  });

  test('a stage by a base authority passes through; a stage that already blocks is not listed twice', () => {
    const qa = { label: 'qa', authority: 'virtual:quality', context: 'ci:1' };
    expect(withBaseAuthorities(granted, [statusBy(qa)], base, 'main')).toBe(granted);
    const friend = { label: 'f', authority: 'virtual:friend', context: 'ci:2' };
    const blocked: ClaimDecision = {
      ...granted,
      granted: false,
      verdict: 'REFUSED',
      blockers: [{ control: 'build', stage: 'cross', status: 'TODO', reason: 'x' }],
    };
    expect(withBaseAuthorities(blocked, [statusBy(friend)], base, 'main').blockers).toHaveLength(1);
  });
});
