// The pure part of keyless signatures: identity ids, the identity registry, the log-time bound,
// and the entry shape of a keyless signature.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../scripts/lib/core/errors.ts';
import {
  buildIdentityRegistry,
  identityIdOf,
  keylessTimeProblem,
  signingIdsOf,
} from '../../../scripts/lib/core/ledger/keyless.ts';
import { parseEntry } from '../../../scripts/lib/core/ledger/parse-entry.ts';
import type { Authority } from '../../../scripts/lib/core/plane/types.ts';

const CI = {
  issuer: 'https://token.actions.githubusercontent.com',
  subject: 'https://github.com/acme/app/.github/workflows/proofgate.yml@refs/heads/main',
};
const ci: Authority = { id: 'ci:github', kind: 'ci', stages: ['cross'], identities: [CI] };

describe('keyless identities', () => {
  it('an identity id depends on the exact issuer and subject', () => {
    expect(identityIdOf(CI)).toMatch(/^[0-9a-f]{64}$/);
    expect(identityIdOf({ ...CI })).toBe(identityIdOf(CI));
    expect(identityIdOf({ ...CI, subject: `${CI.subject} ` })).not.toBe(identityIdOf(CI));
    expect(identityIdOf({ ...CI, issuer: 'https://other.example' })).not.toBe(identityIdOf(CI));
  });

  it('registers identities by id and refuses one identity under two authorities', () => {
    const registry = buildIdentityRegistry([ci], 'm.yaml');
    expect(registry.get(identityIdOf(CI))?.authority).toBe('ci:github');
    const twice = () => buildIdentityRegistry([ci, { ...ci, id: 'ci:other' }], 'm.yaml');
    expect(twice).toThrow(ConfigError);
    expect(twice).toThrow('declares one identity twice');
  });

  it("an authority's signing ids are its key ids and its identity ids", () => {
    const keyid = 'a'.repeat(64);
    const both = { ...ci, keys: [{ keyid, public_key: 'x', added: 't' }] };
    expect(signingIdsOf(both)).toEqual([keyid, identityIdOf(CI)]);
    expect(signingIdsOf({ id: 'virtual:x', kind: 'virtual', stages: ['self'] })).toEqual([]);
  });

  it("the entry's time must lie within 10 minutes of the log's integrated time", () => {
    const at = Date.parse('2026-01-01T00:00:00.000Z') / 1000;
    expect(keylessTimeProblem('2026-01-01T00:09:59.000Z', at)).toBeUndefined();
    expect(keylessTimeProblem('2025-12-31T23:50:00.000Z', at)).toBeUndefined();
    expect(keylessTimeProblem('2026-01-01T00:10:01.000Z', at)).toContain("log's integrated time");
    expect(keylessTimeProblem('2025-06-01T00:00:00.000Z', at)).toContain(
      '2026-01-01T00:00:00.000Z',
    );
  });
});

describe('the keyless signature shape', () => {
  const entry = (sigs: unknown) => ({
    v: 1,
    kind: 'note',
    ledger: 'lg',
    segment: 'aaaa0001-main',
    seq: 0,
    prev: null,
    time: '2026-01-01T00:00:00.000Z',
    actor: { label: 'ci', authority: 'ci:github', context: 'ci', keyid: identityIdOf(CI) },
    subject: { tree: 'a'.repeat(40), manifest: 'b'.repeat(64), registry: 'c'.repeat(64) },
    storage: { heads: {}, objects: [] },
    body: {},
    sigs,
  });

  it('accepts {bundle, keyid} with sha256 hex values', () => {
    const sigs = [{ bundle: 'd'.repeat(64), keyid: identityIdOf(CI) }];
    expect(parseEntry(entry(sigs)).problems).toEqual([]);
  });

  it('refuses a keyless item with a signature, an unknown field or a non-digest bundle', () => {
    const id = identityIdOf(CI);
    expect(parseEntry(entry([{ bundle: 'd'.repeat(64), keyid: id, sig: 'x' }])).problems).toEqual([
      '/sigs/0/sig is not a known field',
    ]);
    expect(parseEntry(entry([{ bundle: 'inline-json', keyid: id }])).problems).toHaveLength(1);
    expect(parseEntry(entry([{ bundle: 'd'.repeat(64) }])).problems).toEqual([
      '/sigs/0/keyid is missing',
      expect.stringContaining('/sigs/0/keyid'),
    ]);
  });
});
