import { describe, expect, test } from 'vitest';
import { pickEnvironment } from '../../../scripts/lib/core/gate/child-env.ts';

const PARENT = {
  PATH: '/bin',
  CI: 'true',
  NODE_OPTIONS: '--max-old-space-size=4096',
  npm_config_cache: '/tmp/npm',
  npm_config__authToken: 'npm_secret',
  PNPM_HOME: '/pnpm',
  PNPM_TOKEN: 'tok',
  AWS_SECRET_ACCESS_KEY: 'aws',
  MY_FLAG: '1',
  MY_OTHER: '2',
  DEPLOY_TOKEN: 'dt',
};

describe('pickEnvironment', () => {
  test('the default allowlist passes CI, NODE_OPTIONS and package-manager prefixes', () => {
    const { env, withheld } = pickEnvironment(PARENT, []);
    expect(env).toEqual({
      PATH: '/bin',
      CI: 'true',
      NODE_OPTIONS: '--max-old-space-size=4096',
      npm_config_cache: '/tmp/npm',
      PNPM_HOME: '/pnpm',
    });
    expect(withheld).toEqual([
      'AWS_SECRET_ACCESS_KEY',
      'DEPLOY_TOKEN',
      'MY_FLAG',
      'MY_OTHER',
      'PNPM_TOKEN',
      'npm_config__authToken',
    ]);
  });

  test('a prefix never passes a credential-looking name; only its exact name does', () => {
    const byPrefix = pickEnvironment(PARENT, [], ['MY_*', 'DEPLOY_*', 'AWS_*']);
    expect(byPrefix.env['MY_FLAG']).toBe('1');
    expect(byPrefix.env['MY_OTHER']).toBe('2');
    expect(byPrefix.env['DEPLOY_TOKEN']).toBeUndefined();
    expect(byPrefix.env['AWS_SECRET_ACCESS_KEY']).toBeUndefined();
    const exact = pickEnvironment(PARENT, ['AWS_SECRET_ACCESS_KEY'], ['DEPLOY_TOKEN']);
    expect(exact.env['DEPLOY_TOKEN']).toBe('dt');
    expect(exact.env['AWS_SECRET_ACCESS_KEY']).toBe('aws');
    expect(exact.withheld).not.toContain('DEPLOY_TOKEN');
  });

  test('names that only share a prefix with an allowed name are withheld', () => {
    const { env } = pickEnvironment({ PATHX: 'x', CIX: 'y', npm_configx: 'z' }, []);
    expect(env).toEqual({});
  });
});
