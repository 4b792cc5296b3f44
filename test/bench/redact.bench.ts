// Redaction cost per MB of output: an ordinary test log, and the slowest of a set of inputs built
// to make the secret patterns (ours and secretlint's) backtrack. Both go through redactText with
// two declared secret values and a checkout root, as a review copy does.
import { redactText } from '../../scripts/lib/core/redact/redact.ts';
import type { Bench } from './harness.ts';

const MB = 1 << 20;
const fill = (unit: string): string => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
const rules = { secrets: ['hunter2hunter2', 'declared-env-value-xyz'], roots: ['/home/u/p'] };

const LOG = fill(
  ' ✓ test/core/gate/review-copy.test.ts > redaction > collects env values 3ms\n' +
    '  at Object.<anonymous> (/home/u/p/src/a.ts:12:5) sha256:0f3a9c1b2d4e5f60718293a4b5c6d7e8f9\n',
);

/** Each repeats a near-match of one pattern family that fails late, or packs distinct tokens. */
const HOSTILE = [
  Array.from({ length: 26_000 }, (_, i) => `npm_${String(i).padStart(36, 'a')}`).join(' '),
  fill(`xoxb-${'a-'.repeat(200)}_ `),
  fill(`SG.a.${'a'.repeat(400)} `),
  fill(`-----BEGIN RSA PRIVATE KEY-----\n${'QUJD'.repeat(3000)}\n`),
  fill(`http://${'a'.repeat(250)}:${'b'.repeat(250)}@${'c.'.repeat(125)}_ `),
  fill(`mongodb://${'a'.repeat(99)}:${'b'.repeat(199)}@${'c'.repeat(300)} `),
  fill(`AWS_SECRET_ACCESS_KEY   =   ${'A'.repeat(39)}! `),
  fill(`eyJ${'a'.repeat(20)}.eyJ${'b'.repeat(20)}.`),
  fill(`password${' '.repeat(5)}:`),
  fill(`--password${' '.repeat(5)}`),
  fill(`://${'a'.repeat(100)}:${'b'.repeat(100)}`),
  'a'.repeat(MB),
  fill('token secret api_key password auth Bearer sk- ghp_ AIza glc_ hvs. '),
];

export const benches: Bench[] = [
  {
    name: 'redact 1 MB test log',
    target: '<= 50 ms median',
    targetMs: 50,
    runs: 5,
    fn: () => {
      redactText(LOG, rules);
      return Promise.resolve();
    },
  },
  {
    name: 'redact 13 hostile 1 MB inputs',
    target: '<= 2000 ms median (about 150 ms per MB)',
    targetMs: 2000,
    baseline: 'redact 1 MB test log',
    runs: 3,
    fn: () => {
      for (const text of HOSTILE) redactText(text, rules);
      return Promise.resolve();
    },
  },
];
