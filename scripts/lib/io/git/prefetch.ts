// The hot verbs' first git questions, asked as the process starts (issue 51). `hook stop`, `claim`
// and `status` each begin with the same three: where the repository keeps its git dirs (rev-parse),
// the working tree's state (the one-walk `git status`, the longest git call of a verdict) and the
// branches and their upstreams (for-each-ref). Asked by the facade they started ~80 ms into the
// process, after the hot script was read and compiled, and one core idled meanwhile. The build
// makes this module a small script of its own, dist/prefetch-<hash>.cjs, listed in the build record
// and hashed with the bundle; bin/proofgate.js runs it before the hot script loads (measured on
// the 50k-file plane, 2 cores, the builds interleaved: the passing hook about a tenth sooner,
// ARCHITECTURE.md "Session 21").
// A fourth lists the ledger's files at the commit HEAD names (ls-tree, for the ledger's
// append-only check, ledger-base.ts). The verdict asks it once for-each-ref has named that commit,
// which was after git status had ended, and waited for it (ARCHITECTURE.md "Session 24"). Here the
// commit is read from the files git keeps HEAD in (.git/HEAD, the loose ref or packed-refs): the
// question names it, so its answer is taken only if the verdict asks about that very commit.
//
// Nothing here decides anything. Each process is started exactly as the gateway (run-git.ts)
// would start it: the same arguments (first-questions.ts) after the same pinned settings, in the
// same directory, with the same environment (git-env.ts): the values are the gateway's own, not a
// copy. The gateway uses an answer only for a question identical in all three (prefetched.ts),
// once; any other question, or this one asked again, goes to git as before. An answer nobody took
// is dropped, and its process killed as this one exits. The only difference is time: the answer
// was read earlier in the same invocation, before anything the verdict writes.
// Nothing starts where the gateway would have turned something off that these arguments do not:
// a repository whose configuration defines filter drivers or includes other files (run-git.ts
// turns every driver off, filter-off.ts), `.git` not a directory (a linked worktree, a
// submodule), no control plane (the hook then decides without git). `git status` with the
// untracked files starts only where `.git/info/exclude` says nothing (worktree-state.ts asks it
// only then).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import type { Socket } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { ledgerRel } from '../../core/plane/plane.ts';
import { locatePlane } from '../plane/locate-plane.ts';
import { LOCATE_ARGS, REFS_ARGS, statusArgs, treeFilesWithSizesArgs } from './first-questions.ts';
import { childEnv, PINNED, PINNED_EXCLUDES, SIMPLE_GIT_ENV } from './git-env.ts';
import { PREFETCHED, type GitAnswer, type Prefetched } from './prefetched.ts';

interface Started extends Prefetched {
  child: ChildProcess;
}

// The value of `--root` on the command line, if any.
function rootOption(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--root') return args[i + 1];
    if (arg.startsWith('--root=')) return arg.slice('--root='.length);
  }
  return undefined;
}

// The directory a hot verb decides for, as its first steps will find it: `--root`, for the hook
// $CLAUDE_PROJECT_DIR, else the working directory (hook-stop-flow.ts projectAnchor, resolveRoot).
function anchorOf(args: readonly string[]): string {
  const pinned = rootOption(args) ?? (args[0] === 'hook' ? process.env['CLAUDE_PROJECT_DIR'] : '');
  return resolve(process.cwd(), pinned === undefined || pinned.trim() === '' ? '.' : pinned);
}

// The nearest directory at or above `dir` holding a `.git` entry.
function topAbove(dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, '.git'))) return at;
    if (dirname(at) === at) return undefined;
  }
}

// Comments and blank lines only (git's template): the file excludes nothing.
function saysNothing(path: string): boolean {
  try {
    return readFileSync(path, 'utf8')
      .split('\n')
      .every((line) => line.trim() === '' || line.trimStart().startsWith('#'));
  } catch {
    return true;
  }
}

// A `[filter ...]` or `[include...]` section in the repository's own configuration.
const GATEWAY_TURNS_OFF = /^\s*\[\s*(filter|include)/im;
function configAsks(path: string): boolean {
  try {
    return GATEWAY_TURNS_OFF.test(readFileSync(path, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * The directory to ask about for `args` and its plane's ledger directory, or undefined when nothing
 * is started for it.
 */
function prefetchTop(args: readonly string[]): { top: string; ledger: string } | undefined {
  const verb = args[0];
  if (!(verb === 'claim' || verb === 'status' || (verb === 'hook' && args[1] === 'stop')))
    return undefined;
  if (args.includes('--help') || args.includes('-h')) return undefined;
  const found = topAbove(anchorOf(args));
  if (found === undefined) return undefined;
  const top = realpathSync(found);
  const gitDir = join(top, '.git');
  if (!statSync(gitDir).isDirectory()) return undefined;
  const plane = locatePlane(top);
  if (plane === undefined) return undefined;
  if (configAsks(join(gitDir, 'config')) || existsSync(join(gitDir, 'config.worktree')))
    return undefined;
  return { top, ledger: ledgerRel(plane) };
}

const COMMIT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

// The commit HEAD names, from .git/HEAD and the loose ref or packed-refs line it points to; undefined
// when it is anything else (an unborn branch, a symbolic ref to another symbolic ref).
function headCommit(gitDir: string): string | undefined {
  const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
  if (!head.startsWith('ref: ')) return COMMIT_ID.test(head) ? head : undefined;
  const ref = head.slice('ref: '.length);
  if (!ref.startsWith('refs/') || ref.split('/').includes('..')) return undefined;
  const loose = join(gitDir, ref);
  if (existsSync(loose)) {
    const id = readFileSync(loose, 'utf8').trim();
    return COMMIT_ID.test(id) ? id : undefined;
  }
  const packed = join(gitDir, 'packed-refs');
  if (!existsSync(packed)) return undefined;
  for (const line of readFileSync(packed, 'utf8').split('\n')) {
    const [id, name] = line.split(' ');
    if (name === ref && id !== undefined && COMMIT_ID.test(id)) return id;
  }
  return undefined;
}

function start(args: readonly string[], top: string, env: Record<string, string>): Started {
  const argv = [...[...PINNED, PINNED_EXCLUDES].flatMap((setting) => ['-c', setting]), ...args];
  const child = spawn('git', argv, { cwd: top, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  const result = new Promise<GitAnswer | undefined>((settle) => {
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
  // (With stdio 'pipe', a child's stdout and stderr are sockets: they can be unref'd.)
  const handles: { ref(): unknown; unref(): unknown }[] = [
    child,
    child.stdout as Socket,
    child.stderr as Socket,
  ];
  for (const handle of handles) handle.unref();
  const take = (): void => {
    for (const handle of handles) handle.ref();
  };
  return { argv, cwd: top, env, result, take, child };
}

/** Starts the first git questions of a hot verb's command line `args`, when it may use them. */
export function prefetchGit(args: readonly string[]): void {
  let found: { top: string; ledger: string } | undefined;
  let head: string | undefined;
  try {
    found = prefetchTop(args);
    head = found === undefined ? undefined : headCommit(join(found.top, '.git'));
  } catch {
    if (found === undefined) return; // anything unreadable: the verb asks git itself
  }
  if (found === undefined) return;
  const { top, ledger } = found;
  const env = {
    ...childEnv({ GIT_DIR: join(top, '.git'), GIT_WORK_TREE: top }),
    ...SIMPLE_GIT_ENV,
  };
  const questions = saysNothing(join(top, '.git', 'info', 'exclude'))
    ? [LOCATE_ARGS, statusArgs(true), REFS_ARGS]
    : [LOCATE_ARGS, REFS_ARGS];
  if (head !== undefined) questions.push(treeFilesWithSizesArgs(head, ledger));
  const started: Started[] = [];
  try {
    for (const question of questions) started.push(start(question, top, env));
  } catch {
    // git could not be started here (spawn refused the call): the verb asks git itself
    for (const left of started) left.child.kill();
    return;
  }
  const held = globalThis as Record<symbol, unknown>;
  held[PREFETCHED] = started;
  // The gateway takes a question out of this very list: what is left when the process exits was
  // never taken.
  process.once('exit', () => {
    for (const left of started) left.child.kill();
  });
}
