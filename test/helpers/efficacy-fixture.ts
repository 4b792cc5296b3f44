// A tiny project for efficacy tests: JS source with a site for every built-in operator, a strong
// node:test suite, a weak control that asserts nothing, a slow one, a trace control on the refund
// pack, and a dirty working tree (a staged edit, an uncommitted fix the tests need, an untracked
// test file the committed suite imports) so that a copy which missed any of them would not PASS its baseline.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestRepo } from './git-repo.ts';

const PACKAGE = fileURLToPath(new URL('../../', import.meta.url));
const node = JSON.stringify(process.execPath);

const MATH = (factor: number) => `export function bucket(x, lo, hi) {
  if (x < lo) {
    return 'low';
  }
  if (x > hi) {
    return 'high';
  }
  return 'mid';
}

export function isEven(n) {
  return n % 2 === 0; // "a < b" in a comment is never mutated
}

export const double = (n) => {
  return n * ${factor};
};

export function sign(n) {
  return n < 0 ? -1 : 1;
}

export function onlyFirst(a, b) {
  return a && !b;
}

export const label = 'x < y === z';
`;

const TESTS = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bucket, isEven, onlyFirst, sign } from '../src/math.js';
import './extra.test.js';

test('bucket', () => {
  assert.equal(bucket(-1, 0, 10), 'low');
  assert.equal(bucket(11, 0, 10), 'high');
  assert.equal(bucket(5, 0, 10), 'mid');
  assert.equal(bucket(0, 0, 10), 'mid');
  assert.equal(bucket(10, 0, 10), 'mid');
});

test('isEven', () => {
  assert.equal(isEven(2), true);
  assert.equal(isEven(3), false);
});

test('sign', () => {
  assert.equal(sign(-5), -1);
  assert.equal(sign(0), 1);
  assert.equal(sign(5), 1);
});

test('onlyFirst', () => {
  assert.equal(onlyFirst(true, false), true);
  assert.equal(onlyFirst(false, false), false);
});
`;

const EXTRA = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { double } from '../src/math.js';

test('double', () => assert.equal(double(2), 4));
`;

const control = (id: string, execution: string, extra = '') => `  - id: ${id}
    title: ${id}
    owner: virtual:developer
    requirements: []
    risks: []
    applies: { value: true }
    required_from_maturity: prototype
    execution: ${execution}
${extra}    evidence_required: [command output]
`;

/** Writes its pid to $HOME/sleepy.pid, then sleeps: a control to interrupt with a real signal. */
const SLEEPY =
  "require('fs').writeFileSync(process.env.HOME + '/sleepy.pid', String(process.pid)); setTimeout(() => {}, 60000)";

const REGISTRY = `version: 1
controls:
${control('tests', `{ type: command, argv: [${node}, test/math.test.js] }`, "    inputs: ['src/**', 'test/**']\n")}${control('weak', `{ type: command, argv: [${node}, -e, 'process.exit(0)'] }`, "    inputs: ['src/**']\n")}${control('slow', `{ type: command, argv: [${node}, -e, 'setTimeout(() => {}, 30000)'], timeout_seconds: 1 }`)}${control('trace', '{ type: trace, pack: packs/refund.yaml, traces: [traces/*.jsonl], adapter: events }')}${control('review', '{ type: manual }')}${control('sleepy', `{ type: command, argv: [${node}, -e, ${JSON.stringify(SLEEPY)}] }`)}${control('gotests', `{ type: command, argv: [${node}, -e, 'process.exit(0)'] }`, "    inputs: ['go/**']\n")}`;

export function efficacyFixture(repo: TestRepo, manifest: string): void {
  const example = (name: string) =>
    readFileSync(`${PACKAGE}controls/catalog/traces/examples/refund/${name}.events.jsonl`, 'utf8');
  repo.write('.proofgate/controls/manifest.yaml', manifest);
  repo.write('.proofgate/controls/registry.yaml', REGISTRY);
  repo.write('package.json', '{ "type": "module" }\n');
  repo.write('README.md', 'fixture\n');
  repo.write('src/math.js', MATH(3));
  repo.write('test/math.test.js', TESTS);
  repo.write(
    'go/app.go',
    'package app\n\nfunc Double(x int) int {\n\tif x < 0 {\n\t\treturn 0\n\t}\n\treturn x * 2\n}\n',
  );
  repo.write(
    'packs/refund.yaml',
    readFileSync(`${PACKAGE}controls/catalog/traces/refund.yaml`, 'utf8'),
  );
  repo.write('traces/session.jsonl', example('good'));
  repo.commit('initial');
  repo.write('traces/session.jsonl', example('bad'));
  repo.write('bad-trace.patch', repo.git('diff', '--', 'traces/session.jsonl'));
  repo.git('checkout', '--', 'traces/session.jsonl');
  repo.write('stale.patch', '--- a/src/nope.js\n+++ b/src/nope.js\n@@ -1 +1 @@\n-a\n+b\n');
  repo.write('README.md', 'fixture, staged\n');
  repo.git('add', 'README.md');
  repo.write('README.md', 'fixture, staged, then edited\n');
  repo.write('src/math.js', MATH(2));
  repo.write('test/extra.test.js', EXTRA);
}
