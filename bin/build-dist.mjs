// Bundles scripts/cli.ts into dist/ so the installed `proofgate` starts in a fraction of tsx's
// time: one CommonJS script that every command runs from, dist/hot-<hash>.js, its V8 code cache
// dist/hot-<hash>.cache and the prefetch script dist/prefetch-<hash>.cjs (bin/hot.js). Run by
// `npm run build`, by npm's `prepare` (a checkout's install, and `npm pack`/`npm publish`) and
// once by the test suite's global setup.
//
// dist/ is never deleted or emptied, so a `proofgate` already running from this checkout (or one
// starting meanwhile) never finds its bundle missing. The build happens in memory; each file is
// then written to a temporary name inside dist/ and renamed over its final name (an atomic swap
// per file on the same filesystem). Every file's name carries a content hash, so a new file never
// replaces one an older build still uses, and bin/proofgate.js finds the current ones through the
// build record, which is swapped in last: a process starting at any moment runs either the old
// build or the new one, whole. Files of an earlier build are retired, not deleted: a running
// process may still read one. `.build.json` lists the current build's files; a file that leaves
// that list has its time set to the moment it was retired and is deleted by the first build more
// than an hour later. Under `npm pack` and `npm publish` retired files are deleted at once, so the
// tarball holds exactly the current build. `.digests.json` records each current file's sha256:
// the build record a running proofgate compares its own bundle with (its trust state,
// references/gate-binding.md).
import { build } from 'esbuild';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { Buffer } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { commonOptions } from './build-options.mjs';
import { contentName, hotName } from './hot.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const LIST = '.build.json';
const DIGESTS = '.digests.json';
const GRACE_MS = 60 * 60 * 1000;

mkdirSync(dist, { recursive: true });
const [hotScript, untrainedCache] = await buildHot();
const files = [hotScript, untrainedCache, await buildPrefetch()];
const previous = readList();

// The files first, the record that names them last: a start never finds a named file missing.
for (const file of files) {
  const tmp = join(dist, `.tmp-${process.pid}-${file.name}`);
  writeFileSync(tmp, file.bytes);
  renameSync(tmp, join(dist, file.name));
}
writeList(files.map((f) => f.name));
writeDigests(files);
const current = trainHotCache(files, hotScript, untrainedCache);
retire(new Set(current.map((f) => f.name)), previous);
copyTreeSitter();

// esbuild escapes strings, not regular expression literals: a source that writes such a character
// in a pattern must write it as an escape (\u2713), and the build says which file does not.
function assertAscii(name, bytes) {
  const at = bytes.findIndex((byte) => byte > 0x7f);
  if (at === -1) return;
  const line = bytes.subarray(0, at).filter((byte) => byte === 0x0a).length + 1;
  process.stderr.write(
    `error [BUILD]: ${name} holds a character beyond ASCII at line ${line}\n` +
      '  next: write it as a \\u escape in the source pattern, then npm run build\n',
  );
  process.exit(1);
}

// The bundle (bin/hot.js): every command, with everything it loads, as one CommonJS function
// expression `(function (exports, require, module, __filename, __dirname) {...})` that bin/hot.js
// compiles as it is, and V8's code cache for exactly those bytes. Each module's body runs when the
// verb first needs it (esbuild's lazy wrappers around what is imported dynamically), so a verb
// sets up no other verb's modules.
async function buildHot() {
  const hot = await build({
    ...commonOptions(root),
    entryPoints: [`${root}scripts/cli.ts`],
    write: false,
    outfile: join(dist, 'hot.js'),
    format: 'cjs',
    define: { 'import.meta.url': '__pgModuleUrl' },
    banner: {
      js: "(function (exports, require, module, __filename, __dirname) {'use strict';const __pgModuleUrl = require('node:url').pathToFileURL(__filename).href;",
    },
    footer: { js: '})' },
  });
  const bytes = hot.outputFiles[0].contents;
  const name = hotName(bytes, 'js');
  assertAscii(name, bytes);
  const source = Buffer.from(bytes).toString('latin1');
  const cache = new Script(source, { filename: join(dist, name) }).createCachedData();
  return [
    { name, bytes },
    { name: hotName(cache, 'cache'), bytes: cache },
  ];
}

// The hot verbs' first git questions (scripts/lib/io/git/prefetch.ts): a small CommonJS script
// bin/proofgate.js runs before the hot script loads, built from the facade's own modules, so the
// arguments, settings and environment it starts git with are the facade's values themselves.
async function buildPrefetch() {
  const built = await build({
    ...commonOptions(root),
    entryPoints: [`${root}scripts/lib/io/git/prefetch.ts`],
    write: false,
    outfile: join(dist, 'prefetch.cjs'),
    format: 'cjs',
  });
  const bytes = built.outputFiles[0].contents;
  const name = contentName('prefetch', bytes, 'cjs');
  assertAscii(name, bytes);
  return { name, bytes };
}

// The hot path's cache, trained on real verdicts (bin/train-hot.mjs) once the new bundle is in
// place, replaces the one made right after compiling; the build record follows it. Training needs
// git and a few seconds; when it fails, the untrained cache stays (correct, only slower), and the
// build says so.
function trainHotCache(built, script, untrained) {
  const tmp = join(dist, `.tmp-${process.pid}-hot.cache`);
  const trained = spawnSync(
    process.execPath,
    [join(root, 'bin', 'train-hot.mjs'), dist, script.name, tmp],
    {
      input: '{"session_id":"build","stop_hook_active":false,"hook_event_name":"Stop"}',
      stdio: ['pipe', 'ignore', 'pipe'],
      encoding: 'utf8',
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '' },
    },
  );
  if (trained.status !== 0 || !existsSync(tmp)) {
    rmSync(tmp, { force: true });
    const why = (trained.stderr ?? '').trim().split('\n')[0] ?? '';
    process.stderr.write(
      `note: the hot path's code cache was not trained (${why}); it holds the compiled script only\n`,
    );
    return built;
  }
  const bytes = readFileSync(tmp);
  const name = hotName(bytes, 'cache');
  renameSync(tmp, join(dist, name));
  const files = [...built.filter((f) => f !== untrained), { name, bytes }];
  writeList(files.map((f) => f.name));
  writeDigests(files);
  return files;
}

// The tree-sitter runtime and the Python and Rust grammars, prebuilt as WebAssembly in the
// @vscode/tree-sitter-wasm dev dependency, ship in dist/tree-sitter/ so the installed package
// needs nothing beside itself; `efficacy` loads them only to mutate a .py or .rs file
// (scripts/lib/io/host/syntax-parser.ts). Each file is swapped in atomically, like the bundle's files.
function copyTreeSitter() {
  const from = join(root, 'node_modules', '@vscode', 'tree-sitter-wasm');
  const to = join(dist, 'tree-sitter');
  mkdirSync(to, { recursive: true });
  // The runtime is CommonJS; .cjs keeps Node from reading it as ESM under "type": "module".
  const files = [
    [join(from, 'wasm', 'tree-sitter.js'), 'tree-sitter.cjs'],
    ...['tree-sitter.wasm', 'tree-sitter-python.wasm', 'tree-sitter-rust.wasm'].map((name) => [
      join(from, 'wasm', name),
      name,
    ]),
    [join(from, 'LICENSE'), 'LICENSE'],
  ];
  for (const [source, name] of files) {
    const tmp = join(to, `.tmp-${process.pid}-${name}`);
    writeFileSync(tmp, readFileSync(source));
    renameSync(tmp, join(to, name));
  }
}

function readList() {
  try {
    const names = JSON.parse(readFileSync(join(dist, LIST), 'utf8'));
    return Array.isArray(names) ? names.filter((n) => typeof n === 'string') : [];
  } catch {
    return [];
  }
}

function writeList(names) {
  const tmp = join(dist, `.tmp-${process.pid}-${LIST}`);
  writeFileSync(tmp, `${JSON.stringify(names.sort())}\n`);
  renameSync(tmp, join(dist, LIST));
}

function writeDigests(built) {
  const digests = Object.fromEntries(
    [...built]
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map((f) => [f.name, createHash('sha256').update(f.bytes).digest('hex')]),
  );
  const tmp = join(dist, `.tmp-${process.pid}-${DIGESTS}`);
  writeFileSync(tmp, `${JSON.stringify(digests, null, 1)}\n`);
  renameSync(tmp, join(dist, DIGESTS));
}

// Files of earlier builds: dated when they leave the build, deleted after the grace (at once when
// packing). Another build's temporary files are left to it.
function retire(current, previous) {
  const now = Date.now();
  const packing = ['pack', 'publish'].includes(process.env['npm_command'] ?? '');
  for (const name of readdirSync(dist)) {
    if (current.has(name) || name === LIST || name === DIGESTS || name.startsWith('.tmp-'))
      continue;
    const path = join(dist, name);
    if (!existsSync(path) || !statSync(path).isFile()) continue;
    if (packing) rmSync(path, { force: true });
    else if (previous.includes(name)) utimesSync(path, new Date(now), new Date(now));
    else if (now - statSync(path).mtimeMs > GRACE_MS) rmSync(path, { force: true });
  }
}
