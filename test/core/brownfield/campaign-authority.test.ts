import { describe, expect, test } from 'vitest';
import { judgeCampaignRegistration } from '../../../scripts/lib/core/brownfield/campaign-authority.ts';
import { findCampaignDrift } from '../../../scripts/lib/core/brownfield/campaign-spec.ts';
import { digestJson } from '../../../scripts/lib/core/hash.ts';
import { makeControl, command, makeManifest } from '../../helpers/fake-gate-io.ts';

const KEY = 'c'.repeat(64);
const spec = { id: 'c1', revision: 2 } as const;
const keyed = (m = makeManifest()) => ({
  ...m,
  authorities: m.authorities.map((a) =>
    a.id === 'human:alice'
      ? { ...a, keys: [{ keyid: KEY, public_key: `${'A'.repeat(43)}=`, added: 'x' }] }
      : a,
  ),
});
const judge = (authority: string, keyid: string | undefined, manifests = [makeManifest()]) =>
  judgeCampaignRegistration(
    { authority, ...(keyid === undefined ? {} : { keyid }), spec: { ...spec } as never },
    manifests,
    'engineering_ready',
  );

describe('judgeCampaignRegistration', () => {
  test('an authority not registered for release_authority never makes a campaign', () => {
    expect(judge('virtual:developer', undefined)).toBe(
      'campaign c1 r2 was registered by virtual:developer, which the deciding rules do not register for release_authority',
    );
  });

  test('from engineering_ready up only a registered key of the owner counts; at prototype an unkeyed label does', () => {
    expect(judge('human:alice', undefined)).toContain(
      'is not signed by a key registered to human:alice',
    );
    expect(judge('human:alice', KEY, [keyed()])).toBeUndefined();
    expect(judge('human:alice', 'd'.repeat(64), [keyed()])).toContain('has registered keys');
    // Every manifest must agree: the trusted base's key decides too.
    expect(judge('human:alice', KEY, [keyed(), makeManifest()])).toContain('not signed');
    const prototype = {
      ...makeManifest(),
      profile: { ...makeManifest().profile, target_maturity: 'prototype' as const },
    };
    expect(
      judgeCampaignRegistration(
        { authority: 'human:alice', spec: { ...spec } as never },
        [prototype],
        'prototype',
      ),
    ).toBeUndefined();
  });
});

describe('findCampaignDrift', () => {
  const unit = makeControl('unit', command(['pass']));
  const lint = makeControl('lint', command(['lint']));
  const campaign = { registry: 'r'.repeat(64), definitions: { unit: digestJson(unit) } };

  test('only the definitions of its own controls drift a campaign', () => {
    expect(findCampaignDrift(campaign, [unit, lint], 'other')).toEqual([]);
    expect(findCampaignDrift(campaign, [{ ...unit, title: 'x' }], 'other')).toEqual([
      'the definition of unit changed',
    ]);
    expect(findCampaignDrift(campaign, [lint], 'other')).toEqual([
      'unit was removed from the registry',
    ]);
  });

  test('a campaign registered before definitions drifts on any registry change', () => {
    expect(findCampaignDrift({ registry: 'r'.repeat(64) }, [unit], 'r'.repeat(64))).toEqual([]);
    expect(findCampaignDrift({ registry: 'r'.repeat(64) }, [unit], 's'.repeat(64))).toEqual([
      'the registry changed',
    ]);
  });
});
