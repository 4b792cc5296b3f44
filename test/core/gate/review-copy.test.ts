import { describe, expect, test } from 'vitest';
import { redactArgv, redactText } from '../../../scripts/lib/core/redact/redact.ts';
import { collectSecrets } from '../../../scripts/lib/core/redact/secret-values.ts';
import {
  makeReviewCopy,
  normalizeText,
} from '../../../scripts/lib/core/gate/output/review-copy.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const none = { secrets: [], roots: [] };

describe('normalizeText', () => {
  test('CRLF and CR become LF; trailing spaces and tabs go', () => {
    expect(normalizeText('a\r\nb\rc  \t\nd')).toBe('a\nb\nc\nd');
  });
  test('strips CSI, OSC, DCS, two-byte escapes and C0/C1 controls but keeps TAB and LF', () => {
    const colored = '\x1b[1;31mred\x1b[0m';
    const title = '\x1b]0;window title\x07after';
    const link = '\x1b]8;;https://x\x1b\\label\x1b]8;;\x1b\\';
    const dcs = '\x1bPq#0;2;0;0;0\x1b\\img';
    expect(
      normalizeText(`${colored} ${title} ${link} ${dcs} \x1b7saved\x1b8 a\tb\x00\x08\x7f\u0085c`),
    ).toBe('red after label img saved a\tbc');
  });
});

describe('redaction', () => {
  test('collects env values by secret-like names and manifest redact_env, ignoring short ones', () => {
    const env = {
      GITHUB_TOKEN: 'tok12345',
      DB_PASSWORD: 'hunter22',
      MY_CREDENTIAL: 'cred-xyz',
      DEPLOY_HOOK: 'https://hook',
      API_KEY: 'abc',
      PATH: '/usr/bin',
    };
    expect(collectSecrets(env, ['DEPLOY_HOOK'])).toEqual([
      'https://hook',
      'cred-xyz',
      'hunter22',
      'tok12345',
    ]);
  });
  test('a declared name redacts its value whatever the name looks like; NAME* declares a prefix', () => {
    const env = { MY_DB_PASS: 'hunter2x', APP_DSN: 'dsn-value', OTHER: 'kept-value', APP_: 'x' };
    expect(collectSecrets(env, ['MY_DB_PASS', 'APP_*'])).toEqual(['dsn-value', 'hunter2x']);
    expect(collectSecrets(env, [])).toEqual([]);
  });
  test('recorded argv: the value after a secret flag goes, whatever it looks like', () => {
    const argv = ['mysql', '--password', 'hunter2', '-u', 'root', '--token', '--verbose', 'x'];
    expect(redactArgv(argv, none)).toEqual([
      'mysql',
      '--password',
      '[REDACTED]',
      '-u',
      'root',
      '--token',
      '--verbose',
      'x',
    ]);
    expect(redactArgv(['run', 'DB=secret-val'], { secrets: ['secret-val'], roots: [] })).toEqual([
      'run',
      'DB=[REDACTED]',
    ]);
  });
  test('redacts values, bearer headers, token shapes, URL credentials, private keys and the root', () => {
    const text = [
      'password is hunter22',
      'Authorization: Bearer eyJhbGciOi.payload.sig',
      'gh ghp_abcdefghijklmnopqrstuvwxyz0123456789',
      'pat github_pat_11ABCDEFG0123456789_abcdefghijklmnop',
      'openai sk-proj-abcdefghijklmnopqrstuv',
      'aws AKIAIOSFODNN7EXAMPLE',
      'slack xoxb-123456789012-abcdefghij',
      'url https://user:pa55word@example.com/x',
      '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaA\n-----END OPENSSH PRIVATE KEY-----',
      'at /home/u/project/src/a.ts',
    ].join('\n');
    const out = redactText(text, { secrets: ['hunter22'], roots: ['/home/u/project'] });
    expect(out).toBe(
      [
        'password is [REDACTED]',
        'Authorization: Bearer [REDACTED]',
        'gh [REDACTED]',
        'pat [REDACTED]',
        'openai [REDACTED]',
        'aws [REDACTED]',
        'slack [REDACTED]',
        'url https://[REDACTED]@example.com/x',
        '[REDACTED PRIVATE KEY]',
        'at [PROJECT_ROOT]/src/a.ts',
      ].join('\n'),
    );
  });
});

describe('makeReviewCopy', () => {
  test('joins head and tail without a marker when nothing was omitted', () => {
    expect(
      makeReviewCopy({ head: enc('hello '), tail: enc('world  \r\n'), omittedBytes: 0 }, none),
    ).toEqual({ text: 'hello world\n', truncated: false });
  });
  test('marks omitted bytes between head and tail', () => {
    const copy = makeReviewCopy(
      { head: enc('start\n'), tail: enc('\nend\n'), omittedBytes: 1234 },
      none,
    );
    expect(copy).toEqual({ text: 'start\n\n--- 1234 bytes omitted ---\n\nend\n', truncated: true });
  });
  test('a secret cut by truncation is redacted on both sides of the marker', () => {
    const copy = makeReviewCopy(
      { head: enc('key=s3cr'), tail: enc('etvalue done'), omittedBytes: 10 },
      { secrets: ['s3cretvalue'], roots: [] },
    );
    expect(copy.text).not.toMatch(/s3cr|etvalue/);
    expect(copy.text).toBe('key=[REDACTED]\n--- 10 bytes omitted ---\n[REDACTED] done');
  });
  test('invalid UTF-8 becomes replacement characters instead of failing', () => {
    expect(
      makeReviewCopy(
        { head: new Uint8Array([0x61, 0xff, 0x62]), tail: new Uint8Array(), omittedBytes: 0 },
        none,
      ).text,
    ).toBe('a\ufffdb');
  });
  test('a secret split by an escape sequence is still redacted', () => {
    expect(
      makeReviewCopy(
        { head: enc('hun\x1b[0mter22'), tail: new Uint8Array(), omittedBytes: 0 },
        { secrets: ['hunter22'], roots: [] },
      ).text,
    ).toBe('[REDACTED]');
  });
});
