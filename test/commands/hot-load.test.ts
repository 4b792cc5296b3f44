// bin/hot.js, on a dist/ written here: the hot script runs only when its bytes match the build
// record, and its code cache reaches V8 only when its bytes match too (V8 itself checks no more
// than the source's length). What the gate binds is what ran: the digests of the bytes loaded.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { afterEach, expect, it } from 'vitest';

interface Hot {
  loadHot: (dist: string) => { answer?: number } | undefined;
  LOADED_DIGESTS: symbol;
}
const HOT = new URL('../../bin/hot.js', import.meta.url).href;
const { loadHot, LOADED_DIGESTS } = (await import(HOT)) as Hot;

const SOURCE =
  "(function (exports, require, module, __filename, __dirname) {'use strict';exports.answer = 42;})";
const sha256 = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  delete (globalThis as Record<symbol, unknown>)[LOADED_DIGESTS];
});

/** A dist/ holding the hot script, its cache and a build record (`record` overrides entries). */
function dist(options: { script?: string; cache?: Buffer; record?: Record<string, string> }) {
  const dir = mkdtempSync(join(tmpdir(), 'pg-hot-'));
  dirs.push(dir);
  const cache = new Script(SOURCE).createCachedData();
  writeFileSync(join(dir, 'hot.js'), options.script ?? SOURCE);
  writeFileSync(join(dir, 'hot.cache'), options.cache ?? cache);
  const record = { 'hot.js': sha256(SOURCE), 'hot.cache': sha256(cache), ...options.record };
  writeFileSync(join(dir, '.digests.json'), JSON.stringify(record));
  return { dir, cache };
}

const loaded = () => (globalThis as Record<symbol, unknown>)[LOADED_DIGESTS];

it('runs the script with its cache when both match the build record, and says so', () => {
  const { dir, cache } = dist({});
  expect(loadHot(dir)?.answer).toBe(42);
  expect(loaded()).toEqual({ 'hot.js': sha256(SOURCE), 'hot.cache': sha256(cache) });
});

it('an edited cache is left out: the script compiles without it, the cache is not bound', () => {
  const { dir } = dist({ cache: Buffer.from('crafted bytecode') });
  expect(loadHot(dir)?.answer).toBe(42);
  expect(loaded()).toEqual({ 'hot.js': sha256(SOURCE) });
});

it('an edited script is not run at all (the module bundle runs and names it)', () => {
  const edited = SOURCE.replace('42', '43');
  const { dir } = dist({ script: edited });
  expect(loadHot(dir)).toBeUndefined();
  expect(loaded()).toBeUndefined();
});

it('no build record, or one that does not parse: nothing is run', () => {
  const { dir } = dist({});
  writeFileSync(join(dir, '.digests.json'), '{ not json');
  expect(loadHot(dir)).toBeUndefined();
  rmSync(join(dir, '.digests.json'));
  expect(loadHot(dir)).toBeUndefined();
  expect(loadHot(join(dir, 'absent'))).toBeUndefined();
});
