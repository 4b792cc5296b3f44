import { describe, expect, test } from 'vitest';
import {
  AUTHORIZATION_GRANTORS,
  checkGrants,
  resolveGrants,
} from '../../../scripts/lib/core/gate/authority/grant-authority.ts';
import { AUTHORIZATION_KINDS, type Manifest } from '../../../scripts/lib/core/plane/types.ts';

const manifest = {
  authorities: [
    { id: 'virtual:developer', kind: 'virtual', stages: ['self'] },
    { id: 'virtual:quality', kind: 'virtual', stages: ['cross'] },
    { id: 'virtual:release-owner', kind: 'virtual', stages: ['release_authority'] },
    { id: 'agent:claude', kind: 'agent', stages: ['self', 'release_authority'] },
    { id: 'human:alice', kind: 'human', stages: ['self'] },
    {
      id: 'human:keyed',
      kind: 'human',
      stages: ['self'],
      keys: [{ keyid: 'a'.repeat(64), public_key: `${'A'.repeat(43)}=`, added: 'x' }],
    },
  ],
} as unknown as Manifest;
const developer = { label: 'dev', authority: 'virtual:developer', context: 'local:1' };

describe('who may grant an authorization', () => {
  test('every kind names its grantors', () => {
    expect(Object.keys(AUTHORIZATION_GRANTORS).sort()).toEqual([...AUTHORIZATION_KINDS].sort());
  });

  test('the acting developer may not grant itself a capability', () => {
    const problems = checkGrants(['install_dependencies'], developer, developer, manifest);
    expect(problems.join('\n')).toMatch(/acting authority/);
    expect(problems.join('\n')).toMatch(/may not grant install_dependencies/);
    expect(() => resolveGrants(['install_dependencies'], developer, developer, manifest)).toThrow(
      expect.objectContaining({ exitCode: 2 }) as Error,
    );
  });

  test('another virtual authority without release_authority may not grant either', () => {
    expect(
      checkGrants(['secrets'], { authority: 'virtual:quality' }, developer, manifest),
    ).toHaveLength(1);
  });

  test('an agent never grants, even one registered for release_authority', () => {
    const problems = checkGrants(['publish'], { authority: 'agent:claude' }, developer, manifest);
    expect(problems.join('\n')).toMatch(/agents never grant/);
  });

  test('an unregistered grantor is refused', () => {
    expect(checkGrants(['deploy'], { authority: 'human:mallory' }, developer, manifest)).toEqual([
      'grantor human:mallory is not registered in the manifest',
    ]);
  });

  test('a keyed grantor must have its key available', () => {
    expect(
      checkGrants(['deploy'], { authority: 'human:keyed' }, developer, manifest).join(''),
    ).toMatch(/key must be available/);
    expect(
      checkGrants(
        ['deploy'],
        { authority: 'human:keyed', keyid: 'a'.repeat(64) },
        developer,
        manifest,
      ),
    ).toEqual([]);
  });

  test('a human or the release owner grants, and the grant names them', () => {
    expect(
      resolveGrants(
        ['secrets', 'install_dependencies', 'secrets'],
        { authority: 'virtual:release-owner' },
        developer,
        manifest,
      ),
    ).toEqual([
      { kind: 'install_dependencies', by: 'virtual:release-owner' },
      { kind: 'secrets', by: 'virtual:release-owner' },
    ]);
    const alice = { label: 'a', authority: 'human:alice', context: 'local:1' };
    expect(checkGrants(['rewrite_files'], alice, alice, manifest)).toEqual([]);
  });

  test('nothing asked, nothing checked', () => {
    expect(resolveGrants([], developer, developer, manifest)).toEqual([]);
  });
});
