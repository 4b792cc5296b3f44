// A weakened test file refuses every scope until the release authority approves the file as it is
// now: the approval is the definition approval, under `test:<path>` and the digest of its bytes.
import { describe, expect, test } from 'vitest';
import {
  reportTestTeeth,
  testFileDigest,
  withTestTeeth,
} from '../../../scripts/lib/core/gate/claim/test-teeth.ts';
import { weighTeeth } from '../../../scripts/lib/core/teeth/weigh-teeth.ts';
import type { ClaimDecision } from '../../../scripts/lib/core/gate/claim/decide-claim.ts';
import type { StoredEntry } from '../../../scripts/lib/core/ledger/types.ts';
import type { Manifest } from '../../../scripts/lib/core/plane/types.ts';

const manifest = {
  authorities: [
    { id: 'virtual:developer', kind: 'virtual', stages: ['self'] },
    { id: 'virtual:release-owner', kind: 'virtual', stages: ['release_authority'] },
    { id: 'agent:bot', kind: 'agent', stages: ['release_authority'] },
  ],
} as unknown as Manifest;

function approval(authority: string, control: string, digest: string): StoredEntry {
  return {
    hash: 'h',
    entry: {
      kind: 'note',
      actor: { label: 'x', authority, context: 'c' },
      body: { type: 'definition_approval', approvals: [{ control, digest }] },
    },
  } as unknown as StoredEntry;
}

const granted: ClaimDecision = {
  granted: true,
  verdict: 'COMPLETED [task] 1 controls are current PASS',
  scope: 'task',
  target: 'prototype',
  stages: ['self'],
  blockers: [],
  body: {} as ClaimDecision['body'] & object,
};

const BASE = "test('a', () => { assert.equal(f(), 1); });\n";
const NOW = "test.skip('a', () => { assert.equal(f(), 1); });\n";
const path = 'test/a.test.js';
const weighed = weighTeeth([{ path, base: BASE, now: NOW }]);
const digest = testFileDigest(path, new TextEncoder().encode(NOW));
const digests = new Map([[path, digest]]);

describe('a weakened test file', () => {
  test('refuses a granted claim, naming file, line and the approval that clears it', () => {
    const report = reportTestTeeth('origin/main', weighed, digests, [], manifest);
    const decision = withTestTeeth(granted, report, manifest);
    expect(decision.granted).toBe(false);
    expect(decision.body).toBeUndefined();
    expect(decision.verdict).toBe(
      "REFUSED [task] test weakened since origin/main: test/a.test.js:1 'a' marked skip (test.skip), not on the base",
    );
    expect(decision.blockers).toEqual([
      {
        control: 'test:test/a.test.js',
        stage: 'self',
        status: 'FAIL',
        reason:
          "test weakened: test/a.test.js:1 'a' marked skip (test.skip), not on the base; restore the test (fix the code instead), or have the release authority approve the file as it is now",
        next: 'proofgate authority approve --control test:test/a.test.js --authority-id virtual:release-owner',
      },
    ]);
  });

  test('keeps an earlier refusal in the verdict, for every scope', () => {
    const report = reportTestTeeth('main', weighed, digests, [], manifest);
    const refused = {
      ...granted,
      scope: 'release' as const,
      granted: false,
      verdict: 'REFUSED [release] x',
    };
    expect(withTestTeeth(refused, report, manifest).verdict).toMatch(
      /^REFUSED \[release\] test weakened since main: .*; REFUSED \[release\] x$/,
    );
  });

  test('only the release authority, not an agent, approves, and only the bytes it approved', () => {
    const id = `test:${path}`;
    const by = (entries: StoredEntry[]) =>
      withTestTeeth(granted, reportTestTeeth('main', weighed, digests, entries, manifest), manifest)
        .granted;
    expect(by([approval('virtual:developer', id, digest)])).toBe(false);
    expect(by([approval('agent:bot', id, digest)])).toBe(false);
    const older = testFileDigest(path, new TextEncoder().encode(BASE));
    expect(by([approval('virtual:release-owner', id, older)])).toBe(false);
    expect(by([approval('virtual:release-owner', 'test:other.test.js', digest)])).toBe(false);
    expect(by([approval('virtual:release-owner', id, digest)])).toBe(true);
    // From engineering_ready up an approval counts only when signed by the approver's key.
    const signed = reportTestTeeth(
      'main',
      weighed,
      digests,
      [approval('virtual:release-owner', id, digest)],
      manifest,
      true,
    );
    expect(withTestTeeth(granted, signed, manifest).granted).toBe(false);
  });

  test('a deleted file has its own digest', () => {
    expect(testFileDigest(path, undefined)).not.toBe(testFileDigest(path, new Uint8Array()));
  });
});
