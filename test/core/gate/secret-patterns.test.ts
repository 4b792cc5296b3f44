// The secret shapes (our table plus secretlint's recommended preset): every shape claimed is
// redacted (fake tokens built here, in the documented formats), and the values proofgate itself
// writes (digests, tree and commit ids, base64 public keys and signatures, ids, times) are left
// alone.
import { describe, expect, test } from 'vitest';
import {
  SECRET_PATTERNS,
  redactSecretShapes,
} from '../../../scripts/lib/core/redact/secret-patterns.ts';

const alnum = (n: number, seed = 7): string =>
  Array.from({ length: n }, (_, i) => 'aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0z'[(i * seed) % 31]).join('');
const hex = (n: number): string =>
  Array.from({ length: n }, (_, i) => '0123456789abcdef'[(i * 5) % 16]).join('');
const upper = (n: number): string =>
  Array.from({ length: n }, (_, i) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[(i * 3) % 32]).join('');
const b64url = (s: string): string => Buffer.from(s).toString('base64url');

const SECRETS: [string, string][] = [
  ['GitHub classic PAT', `ghp_${alnum(36)}`],
  ['GitHub OAuth token', `gho_${alnum(36)}`],
  ['GitHub fine-grained PAT', `github_pat_${alnum(22)}_${alnum(59)}`],
  ['GitLab PAT', `glpat-${alnum(20)}`],
  ['AWS access key id', `AKIA${upper(16)}`],
  ['AWS temporary key id', `ASIA${upper(16)}`],
  ['Slack bot token', `xoxb-123456789012-1234567890123-${alnum(24)}`],
  ['Slack user token', `xoxp-123456789012-123456789012-123456789012-${hex(32)}`],
  ['Slack app token', `xapp-1-A0123456789-1234567890123-${hex(64)}`],
  ['Stripe live secret key', `sk_live_${alnum(24)}`],
  ['Stripe restricted test key', `rk_test_${alnum(24)}`],
  ['Google API key', `AIza${alnum(35)}`],
  ['npm token', `npm_${alnum(36)}`],
  ['PyPI upload token', `pypi-AgEIcHlwaS5vcmc${alnum(60)}`],
  ['Anthropic key', `sk-ant-api03-${alnum(93)}AA`],
  ['OpenAI project key', `sk-proj-${alnum(48)}`],
  ['Hugging Face token', `hf_${'abcdefghijklmnopqrstuvwxyzABCDEFGH'}`],
  ['SendGrid key', `SG.${alnum(22)}.${alnum(43)}`],
  ['Shopify token', `shpat_${hex(32)}`],
  ['DigitalOcean token', `dop_v1_${hex(64)}`],
  ['Databricks token', `dapi${hex(32)}`],
  ['Postman key', `PMAK-${hex(24)}-${hex(34)}`],
  ['Linear key', `lin_api_${alnum(40)}`],
  ['GitLab pipeline trigger token', `glptt-${alnum(40)}`],
  ['Grafana service account token', `glsa_${alnum(32)}_${hex(8)}`],
  ['HashiCorp Vault token', `hvs.${alnum(95)}`],
  ['Groq key', `gsk_${alnum(52)}`],
  ['Notion token', `ntn_${'12345678901'}${alnum(35)}`],
  ['Twilio key', `SK${hex(32)}`],
  [
    'bare JWT',
    `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url('{"sub":"1234567890","name":"x"}')}.${alnum(43)}`,
  ],
];

describe('every covered shape is redacted, inside prose too', () => {
  test.each(SECRETS)('%s', (_name, secret) => {
    const out = redactSecretShapes(`checked with ${secret} today`);
    expect(out).not.toContain(secret);
    expect(out).toMatch(/^checked with .*\[REDACTED\].* today$/);
  });

  test.each([
    ['password=hunter2secret', 'password=[REDACTED]'],
    ['DB_PASSWORD: "s3cr3t-value"', 'DB_PASSWORD: "[REDACTED]"'],
    ['--api-key=abc123def456', '--api-key=[REDACTED]'],
    ['client_secret = xyz987654', 'client_secret = [REDACTED]'],
    ['Authorization: Bearer abc.def.ghi-123', 'Authorization: Bearer [REDACTED]'],
    ['https://bob:pa55word@example.com/x', 'https://[REDACTED]@example.com/x'],
    ['password=hunter2', 'password=[REDACTED]'],
    ['MY_DB_PASS=hunter2', 'MY_DB_PASS=[REDACTED]'],
    ['db_pwd: "s3cr3t!"', 'db_pwd: "[REDACTED]"'],
    ['mysql --password=hunter2 -h db', 'mysql --password=[REDACTED] -h db'],
    ['mysql --password hunter2 -h db', 'mysql --password [REDACTED] -h db'],
    ['--token "abc123def" next', '--token "[REDACTED]" next'],
    ['--password --verbose', '--password --verbose'],
    ['curl -H "Authorization: Bearer abc.def-123"', 'curl -H "Authorization: Bearer [REDACTED]"'],
    ['Authorization: Basic YWxpY2U6aHVudGVyMg==', 'Authorization: Basic [REDACTED]'],
  ])('%s keeps the key, drops the value', (text, expected) => {
    expect(redactSecretShapes(text)).toBe(expected);
  });

  test.each([
    ['postgres', 'postgres://app:Sup3rS3cret@db.internal:5432/orders'],
    ['mongodb', 'mongodb+srv://app:Sup3rS3cret@cluster0.example.net/orders'],
    ['mysql', 'mysql://app:Sup3rS3cret@db/orders'],
  ])('a %s connection string loses its password', (_name, url) => {
    expect(redactSecretShapes(`connect ${url} ok`)).not.toContain('Sup3rS3cret');
  });

  test('an AWS secret access key assignment (secretlint reports the whole match)', () => {
    const key = `${alnum(30)}/+${alnum(8)}`;
    // More spaces than our keyword rule allows: only the preset sees it.
    const out = redactSecretShapes(`AWS_SECRET_ACCESS_KEY          =          "${key}"`);
    expect(out).not.toContain(key);
    expect(out).not.toContain(key.slice(20));
  });

  test('a secretlint-disable comment in the text does not switch redaction off', () => {
    const token = `glpat-${alnum(20)}`;
    const out = redactSecretShapes(`// secretlint-disable
${token}
// secretlint-enable-line`);
    expect(out).not.toContain(token);
  });

  test('a private key block', () => {
    const pem = `-----BEGIN OPENSSH PRIVATE KEY-----\n${alnum(70)}\n${alnum(70)}\n-----END OPENSSH PRIVATE KEY-----`;
    expect(redactSecretShapes(`key:\n${pem}\nend`)).toBe('key:\n[REDACTED PRIVATE KEY]\nend');
  });

  test('redacting twice changes nothing more', () => {
    const once = redactSecretShapes(`password=${alnum(12)} ghp_${alnum(36)}`);
    expect(redactSecretShapes(once)).toBe(once);
  });
});

describe('what proofgate itself writes is left alone', () => {
  test.each([
    ['sha256 hex', hex(64)],
    ['git tree id', hex(40)],
    ['base64 Ed25519 public key', Buffer.from(hex(32), 'hex').toString('base64')],
    ['ISO time', '2026-01-01T00:00:00.000Z'],
    ['control and authority ids', 'ENG.TEST virtual:quality human:alice local:host-1'],
    ['a token count', 'max_tokens=4096 authority=virtual:developer'],
    ['a task id', 'task-0123456789abcdefghij-klmnop'],
    ['git commit id in a log line', `commit ${hex(40)} (HEAD -> main)`],
    ['sha256: prefixed digest', `sha256:${hex(64)}`],
    ['base64 Ed25519 signature', Buffer.from(hex(64) + hex(64), 'hex').toString('base64')],
    [
      'keyid and signature pair',
      `{"keyid":"${hex(64)}","sig":"${Buffer.from(hex(128), 'hex').toString('base64')}"}`,
    ],
    ['base64url digest', Buffer.from(hex(64), 'hex').toString('base64url')],
    ['a bypass flag', 'bypass=true pass=3 failed=0'],
    ['basic in prose', 'Basic authentication is disabled; see Authorization docs'],
    ['an npm script line', 'npm run test -- --passWithNoTests --token-count 3'],
  ])('%s', (_name, text) => {
    expect(redactSecretShapes(text)).toBe(text);
  });
});

test('every pattern is global and has an id', () => {
  for (const p of SECRET_PATTERNS) {
    expect(p.pattern.global, p.id).toBe(true);
    expect(p.id).toMatch(/^[a-z0-9-]+$/);
  }
});
