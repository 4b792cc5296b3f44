// Rebuilding the bundle (npm's `prepare`, `npm pack`, `npm run build`) never leaves dist/ without
// a working proofgate: a command started at any moment of the build runs, and the files of an
// earlier build are retired for a grace period instead of deleted under a running process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = join(ROOT, 'dist');
const BUILD = join(ROOT, 'bin', 'build-dist.mjs');
const BIN = join(ROOT, 'bin', 'proofgate.js');
const PLANTED = ['retired-TESTONLY.mjs', 'recent-TESTONLY.mjs', 'previous-TESTONLY.mjs'];

afterEach(() => {
  for (const name of PLANTED) rmSync(join(DIST, name), { force: true });
});

test('a command started while the bundle is rebuilt always finds it', async () => {
  const build = spawn(process.execPath, [BUILD], { stdio: 'ignore' });
  const done = new Promise<number | null>((resolve) => build.on('exit', resolve));
  let finished = false;
  void done.then(() => (finished = true));
  const codes: number[] = [];
  while (!finished) {
    const run = spawnSync(process.execPath, [BIN, '--version'], { encoding: 'utf8' });
    codes.push(run.status ?? -1);
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(await done).toBe(0);
  expect(codes.length).toBeGreaterThan(0);
  expect(codes.filter((c) => c !== 0)).toEqual([]);
}, 60_000);

test('files of an earlier build are retired, then deleted after the grace', () => {
  const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  const plant = (name: string): void => {
    writeFileSync(join(DIST, name), 'export {};\n');
    utimesSync(join(DIST, name), hoursAgo, hoursAgo);
  };
  for (const name of PLANTED) plant(name);
  utimesSync(join(DIST, 'recent-TESTONLY.mjs'), new Date(), new Date());
  // `previous-…` was part of the last build: this build retires it (dated now), keeping it.
  const list = join(DIST, '.build.json');
  const built = JSON.parse(readFileSync(list, 'utf8')) as string[];
  writeFileSync(list, JSON.stringify([...built, 'previous-TESTONLY.mjs']));
  const env = { ...process.env, npm_command: 'run-script' };
  expect(spawnSync(process.execPath, [BUILD], { env }).status).toBe(0);
  expect(existsSync(join(DIST, 'retired-TESTONLY.mjs'))).toBe(false);
  expect(existsSync(join(DIST, 'recent-TESTONLY.mjs'))).toBe(true);
  expect(Date.now() - statSync(join(DIST, 'previous-TESTONLY.mjs')).mtimeMs).toBeLessThan(60_000);
  expect(JSON.parse(readFileSync(list, 'utf8'))).not.toContain('previous-TESTONLY.mjs');
  // Packing deletes every retired file, so the tarball holds exactly the current build.
  const pack = { ...process.env, npm_command: 'pack' };
  expect(spawnSync(process.execPath, [BUILD], { env: pack }).status).toBe(0);
  for (const name of PLANTED) expect(existsSync(join(DIST, name))).toBe(false);
  expect(spawnSync(process.execPath, [BIN, '--version']).status).toBe(0);
}, 60_000);
