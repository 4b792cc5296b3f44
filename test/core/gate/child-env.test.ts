import { describe, expect, test } from 'vitest';
import { pickEnvironment, relevantWithheld } from '../../../scripts/lib/core/shared/child-env.ts';

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

describe('CI parity', () => {
  test('toolchain flags, proxies, CA bundles, locale and CARGO_* pass; passed names exclude the shell basics', () => {
    const parent = {
      PATH: '/bin',
      HOME: '/h',
      RUSTFLAGS: '-Dwarnings',
      CFLAGS: '-O2',
      https_proxy: 'http://u:p@proxy:3128',
      NO_PROXY: 'localhost',
      SSL_CERT_FILE: '/etc/ca.pem',
      NODE_EXTRA_CA_CERTS: '/etc/ca.pem',
      LC_MESSAGES: 'C',
      CARGO_TERM_COLOR: 'never',
      CARGO_REGISTRY_TOKEN: 'secret',
      EDITOR: 'vim',
    };
    const { env, withheld, passed } = pickEnvironment(parent, []);
    expect(Object.keys(env).sort()).toEqual(
      [
        'CARGO_TERM_COLOR',
        'CFLAGS',
        'HOME',
        'LC_MESSAGES',
        'NODE_EXTRA_CA_CERTS',
        'NO_PROXY',
        'PATH',
        'RUSTFLAGS',
        'SSL_CERT_FILE',
        'https_proxy',
      ].sort(),
    );
    expect(withheld).toEqual(['CARGO_REGISTRY_TOKEN', 'EDITOR']);
    expect(passed).not.toContain('PATH');
    expect(passed).toContain('RUSTFLAGS');
  });

  test('values the control sets win over the parent and are never withheld', () => {
    const { env, withheld, passed } = pickEnvironment(
      { PATH: '/bin', RUSTFLAGS: '', MODE: 'local' },
      [],
      [],
      { RUSTFLAGS: '-Dwarnings', MODE: 'ci' },
    );
    expect(env).toEqual({ PATH: '/bin', RUSTFLAGS: '-Dwarnings', MODE: 'ci' });
    expect(withheld).toEqual([]);
    expect(passed).toEqual(['MODE', 'RUSTFLAGS']);
  });

  test('only withheld names the argv or the output mention are named; the rest are counted', () => {
    const withheld = ['AWS_PROFILE', 'DATABASE_URL', 'MY_FLAG', 'MY'];
    const out = relevantWithheld(
      withheld,
      ['node', '-e', 'process.env.MY_FLAG'],
      'DATABASE_URL unset',
    );
    expect(out).toEqual({ named: ['DATABASE_URL', 'MY_FLAG'], others: 2 });
    expect(relevantWithheld([], ['x'], 'y')).toEqual({ named: [], others: 0 });
  });
});
