// The secret-shape table: every shape it claims to cover is redacted (fake tokens built here, in
// the documented formats), and the values proofgate itself writes (digests, tree ids, base64
// public keys, ids, times) are left alone.
import { describe, expect, test } from 'vitest';
import {
  SECRET_PATTERNS,
  redactSecretShapes,
} from '../../../scripts/lib/core/gate/secret-patterns.ts';

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
  ])('%s keeps the key, drops the value', (text, expected) => {
    expect(redactSecretShapes(text)).toBe(expected);
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
