import { describe, expect, test } from 'vitest';
import { checkIndependence } from '../../../scripts/lib/core/gate/authority/check-independence.ts';
import { formatDuration } from '../../../scripts/lib/core/gate/status/describe-result.ts';
import { formatEvaluateCommand } from '../../../scripts/lib/core/next/next-command.ts';
import { makeManifest } from '../../helpers/fake-gate-io.ts';

const k1 = '1'.repeat(64);
const k2 = '2'.repeat(64);
const manifest = makeManifest({
  authorities: [
    {
      id: 'dev',
      kind: 'agent',
      stages: ['self'],
      keys: [{ keyid: k1, public_key: 'x', added: 'd' }],
    },
    {
      id: 'qa',
      kind: 'agent',
      stages: ['cross'],
      keys: [{ keyid: k2, public_key: 'y', added: 'd' }],
    },
    { id: 'qa-unsigned', kind: 'virtual', stages: ['cross'] },
  ],
});
const dev = { label: 'd', authority: 'dev', context: 'c1', keyid: k1 };

describe('checkIndependence', () => {
  test('a registered, different authority in another context with its own key passes', () => {
    expect(
      checkIndependence(
        dev,
        { label: 'q', authority: 'qa', context: 'c2', keyid: k2 },
        manifest,
        'cross',
      ),
    ).toEqual([]);
  });
  test('each failure is named', () => {
    expect(
      checkIndependence(dev, { label: 'q', authority: 'ghost', context: 'c2' }, manifest, 'cross'),
    ).toEqual([
      'authority ghost is not registered in the manifest (registered: dev, qa, qa-unsigned)',
    ]);
    expect(
      checkIndependence(dev, { label: 'q', authority: 'qa', context: 'c2' }, manifest, 'cross'),
    ).toEqual(['authority qa has registered keys: the entry must be signed with one of them']);
    expect(
      checkIndependence(
        dev,
        { label: 'q', authority: 'qa', context: 'c2', keyid: k1 },
        manifest,
        'cross',
      ),
    ).toEqual([
      `key ${k1.slice(0, 12)} is not registered for authority qa`,
      `same signing key ${k1.slice(0, 12)} (labels d and q)`,
    ]);
    expect(
      checkIndependence(
        dev,
        { label: 'q', authority: 'qa-unsigned', context: 'c1' },
        manifest,
        'cross',
      ),
    ).toEqual(['same execution context c1']);
    expect(
      checkIndependence(
        dev,
        { label: 'q', authority: 'dev', context: 'c2', keyid: k1 },
        manifest,
        'self',
      ),
    ).toEqual(['same authority dev', `same signing key ${k1.slice(0, 12)} (labels d and q)`]);
  });
});

describe('formatting', () => {
  test('durations use integers only', () => {
    expect([
      formatDuration(0),
      formatDuration(99),
      formatDuration(2345),
      formatDuration(61_999),
    ]).toEqual(['0.0 s', '0.0 s', '2.3 s', '61.9 s']);
  });
  test('rerun commands quote what a shell would split', () => {
    expect(
      formatEvaluateCommand({
        control: 'T.x',
        actor: { label: "agent o'brien", authority: 'a', context: 'c 1' },
        authorize: ['secrets'],
      }),
    ).toBe(
      "proofgate evaluate --run --control T.x --actor 'agent o'\\''brien' --authority-id a --execution-context 'c 1' --authorize secrets",
    );
  });
});
