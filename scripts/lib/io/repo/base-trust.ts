// Whether the base a local verdict found (base-probe.ts) can be trusted: a base is the code the
// change is judged against and the rules it is judged by, so it must be something the agent
// cannot move with local git commands. Not trusted (the verdict judges as without a base and says
// why, references/bindings.md "The trusted base"):
// - an upstream that is a local branch (remote "."), or any ref outside refs/remotes/;
// - a remote whose URL is `.` or a path inside this repository (its work tree or its git dir): a
//   fetch from it copies the agent's own commits;
// - a remote-tracking ref whose last move was not a fetch, pull, clone or push of that remote (its
//   reflog's last entry, which must also name the commit the ref holds now), or a loose ref with no
//   reflog at all. A ref only in packed-refs with no reflog is a fresh clone's and is accepted.
// The reflog is a file the agent can write: a forged entry is out of reach here (said in
// bindings.md); the naive moves (`git update-ref`, `git branch -u <local>`, `remote.<r>.url .`)
// are not.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { commonDirOf, locateWorkTree } from './work-tree.ts';
import type { TrustedBase } from '../../core/world/git-port.ts';

/** Why a base is not trusted, and the command that makes it a fetched one again. */
export type BaseDistrust = NonNullable<TrustedBase['untrusted']>;

/** The candidate base: its full ref name, short name, remote and the commit it holds. */
export interface BaseCandidate {
  name: string;
  short: string;
  remote: string;
  commit: string;
}

/** The last entry of `name`'s reflog: the value it set and its message; null without one. */
function lastReflogEntry(common: string, name: string): { to: string; message: string } | null {
  let text: string;
  try {
    text = readFileSync(join(common, 'logs', name), 'utf8');
  } catch {
    return null;
  }
  const lines = text.split('\n').filter((line) => line !== '');
  const last = lines[lines.length - 1];
  if (last === undefined) return null;
  const tab = last.indexOf('\t');
  const to = last.split(' ')[1] ?? '';
  return { to, message: tab < 0 ? '' : last.slice(tab + 1).trim() };
}

// Options of `git fetch` / `git pull` that take their value as the next argument: skipped when
// looking for the repository a logged fetch named.
const VALUED = new Set([
  '--depth',
  '--deepen',
  '--shallow-since',
  '--shallow-exclude',
  '-j',
  '--jobs',
  '--negotiation-tip',
  '--refmap',
  '--recurse-submodules-default',
  '-o',
  '--server-option',
  '--filter',
  '-s',
  '--strategy',
  '-X',
  '--strategy-option',
]);

/** The repository a logged `fetch ...`/`pull ...` command line named, if it named one. */
function namedRepository(message: string): string | undefined {
  const end = message.lastIndexOf(': ');
  const words = (end < 0 ? message : message.slice(0, end)).split(' ').slice(1);
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    if (VALUED.has(word)) i++;
    else if (word !== '' && !word.startsWith('-')) return word;
  }
  return undefined;
}

const MOVED_BY = /^(fetch|pull|clone|update by push)(\b|:)/;

/** Why the last move of the remote-tracking ref is not a fetch of its remote; undefined when it is. */
function reflogDistrust(common: string, base: BaseCandidate): BaseDistrust | undefined {
  const entry = lastReflogEntry(common, base.name);
  const next = `git update-ref -d ${base.name} && git fetch ${base.remote}`;
  if (entry === null) {
    // A clone writes its remote-tracking refs to packed-refs and logs none of them.
    return existsSync(join(common, base.name))
      ? { why: `${base.short} has no reflog: nothing shows it was fetched`, next }
      : undefined;
  }
  if (entry.to !== base.commit) {
    const why = `${base.short} was moved without a reflog entry (its reflog ends at ${entry.to.slice(0, 12)}, it holds ${base.commit.slice(0, 12)})`;
    return { why, next };
  }
  const moved = MOVED_BY.exec(entry.message)?.[1];
  if (moved === undefined) {
    const by =
      entry.message === ''
        ? 'a command that left no message (git update-ref)'
        : `"${entry.message}"`;
    const why = `${base.short} was last moved by ${by}, not by a fetch of ${base.remote}`;
    return { why, next: `git fetch ${base.remote}` };
  }
  if (moved === 'fetch' || moved === 'pull') {
    const named = namedRepository(entry.message);
    if (named !== undefined && named !== base.remote) {
      const why = `${base.short} was last moved by a fetch from ${named}, not from the remote ${base.remote}`;
      return { why, next };
    }
  }
  return undefined;
}

// A URL git reads as a local path (no scheme, or file://; `host:path` is ssh), as an absolute path.
function localPath(url: string, top: string): string | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url);
  if (scheme !== null) {
    return scheme[1]?.toLowerCase() === 'file'
      ? decodeURIComponent(url.slice('file://'.length))
      : undefined;
  }
  const colon = url.indexOf(':');
  const slash = url.indexOf('/');
  if (colon > 0 && (slash < 0 || colon < slash)) return undefined;
  return isAbsolute(url) ? url : resolve(top, url);
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

const within = (path: string, dir: string): boolean => {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** Why the remote's URL names this very repository; undefined when it names another place. */
export function urlDistrust(root: string, remote: string, url: string): BaseDistrust | undefined {
  const found = locateWorkTree(root);
  if (found === undefined) return undefined;
  const path = localPath(url, found.top);
  if (path === undefined) return undefined;
  const at = real(path);
  const common = real(commonDirOf(found.gitDir));
  // The main worktree's top (the common dir's parent) is this repository too.
  const inside = [real(found.top), real(found.gitDir), common].some((dir) => within(at, dir));
  if (inside || at === dirname(common))
    return {
      why: `the remote ${remote} is ${url}, this repository itself: a fetch from it copies local commits`,
      next: `git remote set-url ${remote} <the shared repository's URL> && git fetch ${remote}`,
    };
  return undefined;
}

/**
 * Why `base` is not trusted, from what the repository's files say (no git process); undefined
 * when nothing local moved it. The remote's URL is judged apart (urlDistrust), from git's answer.
 */
export function localDistrust(root: string, base: BaseCandidate): BaseDistrust | undefined {
  if (!base.name.startsWith('refs/remotes/') || base.remote === '.') {
    return {
      why: `the upstream ${base.short} is a local branch (remote "."), which local commits move`,
      next: 'git branch --set-upstream-to=origin/main',
    };
  }
  const found = locateWorkTree(root);
  if (found === undefined) return undefined;
  return reflogDistrust(commonDirOf(found.gitDir), base);
}
