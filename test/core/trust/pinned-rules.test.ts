// The rules a trust file pins: every difference from the repository's policies and control
// definitions is named with the digest an approval must carry, and only an approval signed by a
// key of a release authority the (trusted) manifest holds makes it authorized.
import { describe, expect, it } from 'vitest';
import {
  POLICIES_ID,
  compareRules,
  judgeRuleChanges,
  pinRules,
  policiesDigest,
} from '../../../scripts/lib/core/trust/pinned-rules.ts';
import { definitionDigest } from '../../../scripts/lib/core/gate/claim/definition-diff.ts';
import type { StoredEntry } from '../../../scripts/lib/core/ledger/types.ts';
import type { Control, Manifest } from '../../../scripts/lib/core/plane/types.ts';

const manifest = {
  version: 1,
  ledger_id: 'lg',
  project: { name: 'p' },
  profile: { target_maturity: 'engineering_ready' },
  scope: { include: ['**'], exclude: [] },
  authorities: [
    {
      id: 'human:owner',
      kind: 'human',
      stages: ['release_authority'],
      keys: [{ keyid: 'k1', public_key: 'x', added: '' }],
    },
    {
      id: 'agent:bot',
      kind: 'agent',
      stages: ['release_authority'],
      keys: [{ keyid: 'k2', public_key: 'y', added: '' }],
    },
  ],
  policies: { claims: { project: { required_stages: ['self', 'cross'] } } },
} as unknown as Manifest;
const control = (id: string, argv: string[]): Control =>
  ({ id, execution: { type: 'command', argv } }) as unknown as Control;
const controls = [control('tests', ['npm', 'test']), control('lint', ['npm', 'run', 'lint'])];
const places = { trustFile: 't.json', manifestFile: 'm.yaml' };

function approval(
  authority: string,
  keyid: string | undefined,
  id: string,
  digest: string,
): StoredEntry {
  return {
    hash: 'h',
    entry: {
      kind: 'note',
      actor: { authority, ...(keyid === undefined ? {} : { keyid }) },
      body: { type: 'definition_approval', approvals: [{ control: id, digest }] },
    },
  } as unknown as StoredEntry;
}

describe('pinned rules', () => {
  const pinned = pinRules(manifest, controls);

  it('the same rules differ in nothing, whatever the order of the controls', () => {
    expect(compareRules(pinned, manifest, [...controls].reverse())).toEqual([]);
  });

  it('names a policy downgrade and each control added, changed or removed', () => {
    const lowered = {
      ...manifest,
      policies: { claims: { project: { required_stages: ['self'] } } },
    } as unknown as Manifest;
    const now = [control('tests', ['node', '-e', '0']), control('build', ['make'])];
    expect(compareRules(pinned, lowered, now).map((c) => `${c.id} ${c.change}`)).toEqual([
      '@policies changed',
      'build added',
      'lint removed',
      'tests changed',
    ]);
    const raised = {
      ...manifest,
      profile: { target_maturity: 'prototype' },
    } as unknown as Manifest;
    expect(compareRules(pinned, raised, controls)[0]?.id).toBe(POLICIES_ID);
  });

  it('an approval counts only signed by a release authority key of the trusted manifest, by digest', () => {
    const lowered = {
      ...manifest,
      policies: { claims: { project: { required_stages: ['self'] } } },
    } as unknown as Manifest;
    const changes = compareRules(pinned, lowered, controls);
    const digest = policiesDigest(lowered);
    const judge = (entries: StoredEntry[]) => judgeRuleChanges(changes, entries, lowered, places);
    expect(judge([]).findings.map((f) => f.code)).toEqual(['RULES_CHANGED']);
    expect(judge([approval('human:owner', undefined, POLICIES_ID, digest)]).findings).toHaveLength(
      1,
    );
    expect(judge([approval('human:owner', 'k-other', POLICIES_ID, digest)]).findings).toHaveLength(
      1,
    );
    expect(judge([approval('agent:bot', 'k2', POLICIES_ID, digest)]).findings).toHaveLength(1);
    expect(
      judge([approval('human:owner', 'k1', POLICIES_ID, 'f'.repeat(64))]).findings,
    ).toHaveLength(1);
    const ok = judge([approval('human:owner', 'k1', POLICIES_ID, digest)]);
    expect(ok.findings).toEqual([]);
    expect(ok.authorized.map((c) => c.id)).toEqual([POLICIES_ID]);
    expect(definitionDigest(controls[0]!)).toBe(pinned.controls['tests']);
  });
});
