// What the running proofgate is: its package version, the digest of the bundle it runs from
// (dist/, re-hashed against the build record `dist/.digests.json`; the hot path's code cache as
// bin/hot.js hashed it before handing it to V8) and of the proofgate skill
// installed in the repository (compared with the package's own skill text). Reads only; the
// judgement is core/gate/tool-trust.ts. Computed once per process.
//
// A verdict asks for it through readToolIdentityAsync, started before the verdict's git calls and
// awaited before anything is decided: the hashing is put off to the event loop's next turn, after
// the git processes the verdict starts meanwhile are running, so the main thread hashes while it
// would otherwise wait for them. Every file the build record lists is hashed: the hot script and
// its cache from the bytes bin/hot.js handed to V8, the prefetch script from the file. Since the
// bundle is one script (session 23) that leaves one small file to read here (~0.6 ms), so the
// deferral now hides little; it is kept for a cache bin/hot.js did not use, which is read here. A
// read that fails rejects the promise, and the verdict with it (fails closed).
// (Reading the files through fs/promises and hashing on the thread pool costs two to three times
// the CPU of one synchronous pass, on a machine whose cores git is using.)
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';
import { join, sep } from 'node:path';
import { EnvironmentError } from '../../core/errors.ts';
import { digestJson, sha256Hex } from '../../core/hash.ts';
import type { ToolIdentity } from '../../core/gate/claim/tool-trust.ts';
import { SKILL_AGENTS, SKILL_DIRS } from '../../core/skill/plan-skill-install.ts';
import { packagePath, packageRoot, runningModulePath } from './package-root.ts';
import { readPackageVersion } from './package-version.ts';
import { readInstalled, readPackageSkillFiles } from '../hook/skill-files.ts';

type BundleIdentity = Pick<ToolIdentity, 'bundle' | 'bundleEdits' | 'buildRecord'>;

let bundleCache: BundleIdentity | undefined;
let bundlePending: Promise<BundleIdentity> | undefined;
const skillCache = new Map<string, Pick<ToolIdentity, 'skill' | 'skillEdits'>>();

/** The running gate as found now, with the skill installed under `root` (read synchronously). */
export function readToolIdentity(root: string): ToolIdentity {
  bundleCache ??= readBundle();
  return withSkill(root, bundleCache);
}

/**
 * The same identity, its bundle hashed on the event loop's next turn. The first call schedules the
 * hashing (callers start it before their git calls and await it before deciding); later calls
 * share it.
 */
export async function readToolIdentityAsync(root: string): Promise<ToolIdentity> {
  if (bundleCache === undefined) {
    bundlePending ??= new Promise<BundleIdentity>((resolve, reject) =>
      setImmediate(() => {
        try {
          resolve(readBundle());
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      }),
    );
    bundleCache = await bundlePending;
  }
  return withSkill(root, bundleCache);
}

function withSkill(root: string, bundle: BundleIdentity): ToolIdentity {
  const installed = packageRoot().split(sep).includes('node_modules');
  let skill = skillCache.get(root);
  if (skill === undefined) skillCache.set(root, (skill = readSkill(root)));
  return { version: readPackageVersion(), installed, ...bundle, ...skill };
}

function readBundle(): BundleIdentity {
  const plan = bundlePlan();
  if (plan.kind !== 'record') return plan.identity;
  const loaded = loadedDigests();
  const actual = Object.fromEntries(
    Object.keys(plan.record).map((name) => [
      name,
      loaded[name] ?? digestOrMissing(join(plan.dist, name)),
    ]),
  );
  return judged(plan.record, actual);
}

// The hot script and its code cache as bin/hot.js hashed them before handing them to V8 (the
// bytes V8 got, not the files as they are now); none under tsx, or for a cache that was not used.
function loadedDigests(): Record<string, string> {
  const loaded: unknown = (globalThis as Record<symbol, unknown>)[
    Symbol.for('proofgate.loaded-digests')
  ];
  if (typeof loaded !== 'object' || loaded === null) return {};
  return Object.fromEntries(
    Object.entries(loaded).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

type Plan =
  | { kind: 'done'; identity: BundleIdentity }
  | { kind: 'record'; dist: string; record: Record<string, string> };

function bundlePlan(): Plan {
  const dist = packagePath('dist');
  const here = runningModulePath();
  // Under tsx the sources run: no bundle is bound (trust unknown).
  if (!here.startsWith(`${dist}${sep}`))
    return { kind: 'done', identity: { bundleEdits: [], buildRecord: false } };
  const record = readRecord(join(dist, '.digests.json'));
  if (record === undefined) {
    // Without a record, bind what a build lists, so the digest still says which bundle ran.
    const bundle = sha256Hex(readFileSync(here));
    return { kind: 'done', identity: { bundle, bundleEdits: [], buildRecord: false } };
  }
  return { kind: 'record', dist, record };
}

function judged(record: Record<string, string>, actual: Record<string, string>): BundleIdentity {
  const bundleEdits = Object.keys(record).filter((name) => actual[name] !== record[name]);
  return { bundle: digestJson(actual), bundleEdits, buildRecord: true };
}

// One open per file, no existence check first (a stat per file is a measurable share of a
// verdict's start): a file that is not there is `missing`; any other read error still throws.
// The bytes stream through one reused buffer into the hash: reading each file whole allocated
// the bundle's 5 MB afresh on every verdict and cost about twice the CPU (measured when the
// verdict read every chunk of the old module bundle; a script or cache bin/hot.js did not hand
// over is still read here).
const chunk = Buffer.allocUnsafe(1 << 16);

function digestOrMissing(path: string): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    return missingOrThrow(error, path);
  }
  try {
    const hash = createHash('sha256');
    for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk))
      hash.update(chunk.subarray(0, read));
    return hash.digest('hex');
  } catch (error) {
    return missingOrThrow(error, path);
  } finally {
    closeSync(fd);
  }
}

// Any other failure leaves the gate unidentified: no verdict and no result (exit 4), never a
// digest of "unreadable", which would mark the gate modified for good over a passing fault.
function missingOrThrow(error: unknown, path: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
  throw new EnvironmentError(
    'IO_FAILED',
    `the proofgate bundle file ${path} cannot be read (${code ?? (error as Error).message})`,
    {
      where: path,
      expected: 'every file dist/.digests.json lists, readable',
      next: 'reinstall proofgate (npm ci), then run the verdict again',
      cause: error,
    },
  );
}

function readRecord(path: string): Record<string, string> | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter(
        (e): e is [string, string] => typeof e[1] === 'string' && !e[0].includes('/'),
      ),
    );
  } catch {
    // An unreadable record is a record nothing matches: every file counts as edited.
    return { '.digests.json': 'unreadable' };
  }
}

function readSkill(root: string): Pick<ToolIdentity, 'skill' | 'skillEdits'> {
  const agents = SKILL_AGENTS.filter((agent) =>
    existsSync(join(root, SKILL_DIRS[agent], 'SKILL.md')),
  );
  // No skill installed: nothing to compare, so the package's own skill text is not read.
  if (agents.length === 0) return { skillEdits: [] };
  const own = readPackageSkillFiles();
  const rels = own.map((f) => f.rel);
  const texts = new Map(own.map((f) => [f.rel, f.text]));
  const found: Record<string, string> = {};
  const skillEdits: string[] = [];
  for (const agent of agents) {
    const dir = join(root, SKILL_DIRS[agent]);
    for (const [rel, text] of readInstalled(dir, rels)) {
      const at = `${SKILL_DIRS[agent]}/${rel}`;
      found[at] = text === undefined ? 'missing' : sha256Hex(text);
      if (text !== texts.get(rel)) skillEdits.push(at);
    }
  }
  if (Object.keys(found).length === 0) return { skillEdits };
  return { skill: digestJson(found), skillEdits };
}
