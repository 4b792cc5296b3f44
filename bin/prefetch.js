// The hot verbs' first git questions, asked as the process starts (issue 51). `hook stop`, `claim`
// and `status` each begin with the same three: where the repository keeps its git dirs (rev-parse),
// the working tree's state (the one-walk `git status`, the longest git call of a verdict) and the
// branches and their upstreams (for-each-ref). Asked by the gate's git facade they started ~80 ms
// into the process, after the hot script was read and compiled, and one core idled meanwhile.
// Here they start before the script loads (measured on the 50k-file plane, 2 cores, the builds
// interleaved: the passing hook about a tenth sooner, ARCHITECTURE.md "Session 21").
//
// Nothing here decides anything. Each process is started exactly as the facade
// (scripts/lib/io/git/run-git.ts) would start it: the same arguments after the same pinned
// settings, the same directory, the same environment. The facade uses an answer only for a
// question identical in all three (scripts/lib/io/git/prefetched.ts), once; any other question,
// or this one asked again, goes to git as before. An answer nobody took is dropped, and its
// process killed as this one exits. The only difference is time: the answer was read earlier in
// the same invocation, before anything the verdict writes.
// Nothing starts where the facade would have turned something off that these arguments do not:
// a repository whose configuration defines filter drivers or includes other files (run-git.ts
// turns every driver off, filter-off.ts), `.git` not a directory (a linked worktree, a
// submodule), no control plane (the hook then decides without git). `git status` with the
// untracked files starts only where `.git/info/exclude` says nothing (worktree-state.ts asks it
// only then).
// test/commands/prefetch.test.ts pins these arguments and settings to the facade's.
'use strict';
const { Buffer } = require('node:buffer');
const { spawn } = require('node:child_process');
const { existsSync, readFileSync, realpathSync, statSync } = require('node:fs');
const { dirname, join, resolve } = require('node:path');

/** Where the started questions are left for the facade (scripts/lib/io/git/prefetched.ts). */
const PREFETCHED = Symbol.for('proofgate.prefetched-git');

/** run-git.ts: PINNED, then PINNED_EXCLUDES (no call here reads the user's excludes). */
const PINNED = [
  'core.attributesFile=/dev/null',
  'core.fsmonitor=false',
  'core.untrackedCache=false',
  'core.trustctime=true',
  'core.checkStat=default',
  'core.ignoreStat=false',
  'core.sparseCheckout=false',
  'core.excludesFile=/dev/null',
];
/** run-git.ts: GIT_ENV, and what simple-git adds to every environment it is given. */
const GIT_ENV = {
  GIT_TERMINAL_PROMPT: '0',
  GIT_OPTIONAL_LOCKS: '0',
  GIT_NO_REPLACE_OBJECTS: '1',
  GIT_ATTR_NOSYSTEM: '1',
  LC_ALL: 'C',
  GIT_TEST_DISALLOW_ABBREVIATED_OPTIONS: 'true',
};
/** run-git.ts: the ambient variables never handed to git. */
const GUARDED = /^(git_|editor$|visual$|pager$|ssh_askpass$|prefix$)/i;

/** repository.ts (findRepositoryPaths), status.ts (one walk), refs.ts (listRefs). */
const LOCATE = [
  'rev-parse',
  '--is-inside-work-tree',
  '--path-format=absolute',
  '--show-toplevel',
  '--absolute-git-dir',
  '--git-common-dir',
  '--git-path',
  'index',
];
const ONE_WALK = [
  'status',
  '--porcelain=v2',
  '-z',
  '--branch',
  '--no-ahead-behind',
  '--untracked-files=all',
  '--no-renames',
  '--ignore-submodules=none',
];
const REF_FORMAT = [
  '%(HEAD)',
  '%(refname)',
  '%(upstream)',
  '%(upstream:short)',
  '%(symref)',
  '%(symref:short)',
  '%(refname:short)',
  '%(objecttype)',
  '%(objectname)',
  '%(upstream:remotename)',
].join('%00');
const REFS = ['for-each-ref', `--format=${REF_FORMAT}`, 'refs/heads', 'refs/remotes'];

// The value of `--root` on the command line, if any.
function rootOption(args) {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--root') return args[i + 1];
    if (args[i].startsWith('--root=')) return args[i].slice('--root='.length);
  }
  return undefined;
}

// The directory a hot verb decides for, as its first steps will find it: `--root`, for the hook
// $CLAUDE_PROJECT_DIR, else the working directory (hook-stop-flow.ts projectAnchor, resolveRoot).
function anchorOf(args) {
  const pinned = rootOption(args) ?? (args[0] === 'hook' ? process.env.CLAUDE_PROJECT_DIR : '');
  return resolve(process.cwd(), pinned === undefined || pinned.trim() === '' ? '.' : pinned);
}

// The nearest directory at or above `dir` holding a `.git` entry.
function topAbove(dir) {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, '.git'))) return at;
    if (dirname(at) === at) return undefined;
  }
}

// Comments and blank lines only (git's template): the file excludes nothing.
const saysNothing = (path) => {
  try {
    return readFileSync(path, 'utf8')
      .split('\n')
      .every((line) => line.trim() === '' || line.trimStart().startsWith('#'));
  } catch {
    return true;
  }
};

// A `[filter ...]` or `[include...]` section in the repository's own configuration.
const FACADE_TURNS_OFF = /^\s*\[\s*(filter|include)/im;
const configAsks = (path) => {
  try {
    return FACADE_TURNS_OFF.test(readFileSync(path, 'utf8'));
  } catch {
    return false;
  }
};

/** The directory to ask about for `args`, or undefined when nothing is started for it. */
function prefetchTop(args) {
  const verb = args[0];
  if (!(verb === 'claim' || verb === 'status' || (verb === 'hook' && args[1] === 'stop')))
    return undefined;
  if (args.includes('--help') || args.includes('-h')) return undefined;
  const found = topAbove(anchorOf(args));
  if (found === undefined) return undefined;
  const top = realpathSync(found);
  const gitDir = join(top, '.git');
  if (!statSync(gitDir).isDirectory()) return undefined;
  const plane = ['.proofgate/controls/manifest.yaml', 'controls/manifest.yaml'];
  if (!plane.some((file) => existsSync(join(top, file)))) return undefined;
  if (configAsks(join(gitDir, 'config')) || existsSync(join(gitDir, 'config.worktree')))
    return undefined;
  return top;
}

function start(args, top, env) {
  const argv = [...PINNED.flatMap((setting) => ['-c', setting]), ...args];
  const child = spawn('git', argv, { cwd: top, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = [];
  const err = [];
  child.stdout.on('data', (chunk) => out.push(chunk));
  child.stderr.on('data', (chunk) => err.push(chunk));
  const result = new Promise((settle) => {
    child.on('error', () => settle(undefined));
    child.on('close', (code) =>
      settle(
        typeof code === 'number'
          ? { code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString() }
          : undefined,
      ),
    );
  });
  // An answer nobody takes must not keep the process alive; taking it holds the process again.
  const handles = [child, child.stdout, child.stderr];
  for (const handle of handles) handle.unref();
  const take = () => {
    for (const handle of handles) handle.ref();
  };
  return { argv, cwd: top, env, result, take, child };
}

/** Starts the first git questions of a hot verb's command line `args`, when it may use them. */
function prefetchGit(args) {
  let top;
  try {
    top = prefetchTop(args);
  } catch {
    return; // anything unreadable: the verb asks git itself and reports what it finds
  }
  if (top === undefined) return;
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !GUARDED.test(key)) env[key] = value;
  }
  Object.assign(env, GIT_ENV, { GIT_DIR: join(top, '.git'), GIT_WORK_TREE: top });
  const questions = saysNothing(join(top, '.git', 'info', 'exclude'))
    ? [LOCATE, ONE_WALK, REFS]
    : [LOCATE, REFS];
  const started = [];
  try {
    for (const question of questions) started.push(start(question, top, env));
  } catch {
    // git could not be started here (spawn refused the call): the verb asks git itself
    for (const left of started) left.child.kill();
    return;
  }
  globalThis[PREFETCHED] = started;
  process.once('exit', () => {
    for (const left of globalThis[PREFETCHED]) left.child.kill();
  });
}

module.exports = { prefetchGit, PINNED, GIT_ENV, GUARDED, LOCATE, ONE_WALK, REFS };
