// bin/hot.js, on a dist/ written here: the code cache reaches V8 only when its bytes match the
// build record (V8 itself checks no more than the source's length), and the gate binds the script
// and cache bytes V8 was given. The script runs as it is: an edit is named by the gate's bundle
// check (test/e2e/tool-binding.test.ts), from the digest of the bytes that ran.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { afterEach, expect, it } from 'vitest';

interface Hot {
  loadHot: (dist: string) => { answer?: number } | undefined;
  hotName: (bytes: string | Buffer, ext: string) => string;
  LOADED_DIGESTS: symbol;
}
const HOT = new URL('../../bin/hot.js', import.meta.url).href;
const { loadHot, hotName, LOADED_DIGESTS } = (await import(HOT)) as Hot;

const SOURCE =
  "(function (exports, require, module, __filename, __dirname) {'use strict';exports.answer = 42;})";
const sha256 = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  delete (globalThis as Record<symbol, unknown>)[LOADED_DIGESTS];
});

/**
 * A dist/ holding the hot script and its cache under the names the build record gives them (named
 * by the content built: `script` and `cache` replace what the files hold, as an edit would).
 */
function dist(options: { script?: string; cache?: Buffer }) {
  const dir = mkdtempSync(join(tmpdir(), 'pg-hot-'));
  dirs.push(dir);
  const cache = new Script(SOURCE).createCachedData();
  const names = { script: hotName(SOURCE, 'js'), cache: hotName(cache, 'cache') };
  writeFileSync(join(dir, names.script), options.script ?? SOURCE);
  writeFileSync(join(dir, names.cache), options.cache ?? cache);
  const record = { [names.script]: sha256(SOURCE), [names.cache]: sha256(cache) };
  writeFileSync(join(dir, '.digests.json'), JSON.stringify(record));
  return { dir, cache, names };
}

const loaded = () => (globalThis as Record<symbol, unknown>)[LOADED_DIGESTS];

it('runs the script with its cache when the cache matches the build record, and says so', () => {
  const { dir, cache, names } = dist({});
  expect(loadHot(dir)?.answer).toBe(42);
  expect(loaded()).toEqual({ [names.script]: sha256(SOURCE), [names.cache]: sha256(cache) });
});

it('an edited cache is left out: the script compiles without it, the cache is not bound', () => {
  const { dir, names } = dist({ cache: Buffer.from('crafted bytecode') });
  expect(loadHot(dir)?.answer).toBe(42);
  expect(loaded()).toEqual({ [names.script]: sha256(SOURCE) });
});

it('a crafted cache for the same source length is never handed to V8', () => {
  // bytecode of another script of exactly the same length: V8 would accept and run it
  const other = SOURCE.replace('42', '43');
  expect(other.length).toBe(SOURCE.length);
  const crafted = new Script(other).createCachedData();
  const { dir, names } = dist({ cache: crafted });
  expect(loadHot(dir)?.answer).toBe(42);
  expect(loaded()).toEqual({ [names.script]: sha256(SOURCE) });
});

it("an edited script runs as it is, bound as it ran; the old script's cache is not used for it", () => {
  const edited = SOURCE.replace('exports.answer = 42;', 'exports.answer = 4300;');
  const { dir, names } = dist({ script: edited });
  expect(loadHot(dir)?.answer).toBe(4300);
  expect(loaded()).toMatchObject({ [names.script]: sha256(edited) });
  expect(sha256(edited)).not.toBe(sha256(SOURCE));
});

it('no hot script, or no build record that parses: nothing is loaded (bin/proofgate.js says the bundle is missing)', () => {
  const { dir, names } = dist({});
  rmSync(join(dir, names.script));
  expect(loadHot(dir)).toBeUndefined();
  writeFileSync(join(dir, names.script), SOURCE);
  writeFileSync(join(dir, '.digests.json'), '{ not json');
  expect(loadHot(dir)).toBeUndefined();
  rmSync(join(dir, '.digests.json'));
  expect(loadHot(dir)).toBeUndefined();
  expect(loadHot(join(dir, 'absent'))).toBeUndefined();
});
