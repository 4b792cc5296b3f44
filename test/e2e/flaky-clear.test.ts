// A flaky control has a way out that keeps the record honest: FAIL then PASS on the same code is
// FLAKY; passing runs recorded after the last FAIL (policies.flaky.passes_to_clear, default 3)
// make it PASS again as "flaky, then N passes"; re-adopting the identical command changes nothing,
// so it cannot set the FAIL aside.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PROTOTYPE_PROFILE, makeRepo, runCli } from '../helpers/plane-cli.ts';

const PROFILE = PROTOTYPE_PROFILE;

// Fails while the marker file (outside the repository, so the code judged never changes) exists.
const CHECK = `const fs = require('node:fs');
process.exit(fs.existsSync(process.argv[2]) ? 1 : 0);
`;

test('FAIL then PASS is FLAKY; three passes after the FAIL clear it; re-adopting keeps it', () => {
  const marker = join(mkdtempSync(join(tmpdir(), 'pg-flaky-')), 'broken');
  const pkg = JSON.stringify({ name: 'demo', scripts: { test: 'node --test' } });
  const dir = makeRepo({ 'profile.yaml': PROFILE, 'package.json': pkg, 'check.cjs': CHECK });
  expect(runCli(['init', '--profile', 'profile.yaml'], dir).code).toBe(0);
  const command = ['node', 'check.cjs', marker];
  const adopt = runCli(['adopt', '--fills', 'ENG.BUILD', '--', ...command], dir);
  expect(adopt.code, adopt.stderr).toBe(0);
  const evaluate = (...extra: string[]) =>
    runCli(['evaluate', '--run', '--control', 'ENG.BUILD', ...extra], dir);
  const status = () => runCli(['status', '--control', 'ENG.BUILD'], dir);

  writeFileSync(marker, '');
  expect(evaluate().code).toBe(1);
  rmSync(marker);
  // The pass right after the FAIL does not say OK: the run reports what status says.
  const once = evaluate();
  expect(once.code).toBe(1);
  expect(once.stdout).toMatch(/FLAKY +ENG\.BUILD: .*1 of 3 passing runs since the last FAIL/);
  expect(once.stdout).toContain('next: proofgate evaluate --run --control ENG.BUILD --repeat 2');
  expect(status().stdout).toMatch(/FLAKY +ENG\.BUILD/);

  // The identical command adopted again changes nothing: the FAIL still counts.
  const again = runCli(['adopt', '--fills', 'ENG.BUILD', '--', ...command], dir);
  expect(again.code, again.stderr).toBe(0);
  expect(again.stdout).toContain('nothing changed');
  const after = status();
  expect(after.stdout).toMatch(/FLAKY +ENG\.BUILD/);
  expect(after.stdout).toContain('next: proofgate evaluate --run --control ENG.BUILD --repeat 2');

  // Two more passes (three since the FAIL): PASS, shown as flaky then cleared.
  const cleared = evaluate('--repeat', '2');
  expect(cleared.code, cleared.stdout).toBe(0);
  const json = JSON.parse(runCli(['status', '--control', 'ENG.BUILD', '--json'], dir).stdout);
  const self = json.statuses[0].stages.self;
  expect(self.status).toBe('PASS');
  expect(self.flaky).toBe(true);
  expect(self.reason).toContain('(flaky, then 3 passes on this code)');
  expect(existsSync(marker)).toBe(false);
});

test('policies.flaky.passes_to_clear sets how many passes clear it', () => {
  const marker = join(mkdtempSync(join(tmpdir(), 'pg-flaky-')), 'broken');
  const pkg = JSON.stringify({ name: 'demo' });
  const dir = makeRepo({ 'profile.yaml': PROFILE, 'package.json': pkg, 'check.cjs': CHECK });
  expect(runCli(['init', '--profile', 'profile.yaml'], dir).code).toBe(0);
  const manifest = join(dir, '.proofgate/controls/manifest.yaml');
  const text = readFileSync(manifest, 'utf8');
  writeFileSync(
    manifest,
    text.replace(/\npolicies:\n/, '\npolicies:\n  flaky: { passes_to_clear: 5 }\n'),
  );
  expect(
    runCli(['adopt', '--fills', 'ENG.BUILD', '--', 'node', 'check.cjs', marker], dir).code,
  ).toBe(0);
  writeFileSync(marker, '');
  expect(runCli(['evaluate', '--run', '--control', 'ENG.BUILD'], dir).code).toBe(1);
  rmSync(marker);
  const run = runCli(['evaluate', '--run', '--control', 'ENG.BUILD', '--repeat', '3'], dir);
  expect(run.code).toBe(1);
  expect(run.stdout).toContain('3 of 5 passing runs since the last FAIL');
  expect(run.stdout).toContain('next: proofgate evaluate --run --control ENG.BUILD --repeat 2');
});
