// What git itself says about the working tree against its index, read once per subject
// computation, parsed into the paths whose working-tree state differs from the index (modified,
// type-changed, deleted, intent-to-add, unmerged, untracked). Two reads run side by side:
// `git status --porcelain=v2 -z --untracked-files=no` for the tracked files, and `git ls-files -v
// --cached --others --exclude-per-directory=.gitignore` for the untracked files (ignored only by
// the repository's own .gitignore files, never by .git/info/exclude or core.excludesFile, which
// the agent can write without changing the subject) and for index entries flagged
// assume-unchanged or skip-worktree, which status would take as clean whatever is on disk: when
// there are any, status runs again over a copy of the index with those flags cleared. Git decides
// cleanliness with its stat cache and re-reads the content of "racily clean" entries (those not
// older than the index), so a same-size edit within the index's timestamp granularity is still
// reported.
// When `.git/info/exclude` says nothing (git's own template: comments only) and no index entry is
// flagged, one `git status --untracked-files=all` answers both (core.excludesFile is pinned off, so
// only the repository's .gitignore files exclude): one walk of the working tree instead of two.
// The file is read before and after status; a file that says anything, or changed meanwhile,
// means the two separate reads.
import { statSync } from 'node:fs';
import { copyFile, mkdtemp, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clearIndexFlags, findRepositoryPaths, listUntracked, readTrackedStatus } from '../git.ts';
import { indexHasFlags } from './index-flags.ts';
import { infoExclude } from './info-exclude.ts';
import { isDirectory } from './work-tree.ts';
import { remember, remembered, rememberedSoFar } from './verdict-memo.ts';
import type { WorktreeState } from '../../core/world/git-port.ts';

/** When each path (relative to `top`) was last modified, in ms; a path that is gone is left out. */
export function modifiedTimes(top: string, paths: readonly string[]): Map<string, number> {
  const times = new Map<string, number>();
  for (const path of paths) {
    try {
      times.set(path, statSync(join(top, path)).mtimeMs);
    } catch {
      // removed since git listed it: nothing to time
    }
  }
  return times;
}

// Number of space-separated fields before the path in each record kind.
const FIELDS_BEFORE_PATH: Record<string, number> = { '1': 8, u: 10, '?': 1 };

/** The path of one porcelain v2 `-z` record; undefined for a header or a record not understood. */
export function statusRecordPath(record: string): string | undefined {
  const fields = FIELDS_BEFORE_PATH[record[0] ?? ''];
  if (fields === undefined) return undefined;
  const path = record.split(' ').slice(fields).join(' ');
  return path === '' ? undefined : path;
}

/** Parses porcelain v2 `-z` output; `undefined` when a record is not understood. */
export function parseStatus(raw: Buffer, flagged: string[] = []): WorktreeState | undefined {
  const text = raw.toString('utf8');
  const opaqueBytes = !Buffer.from(text, 'utf8').equals(raw);
  const dirty: string[] = [];
  const untracked: string[] = [];
  const staged: string[] = [];
  const added: string[] = [];
  let head: string | undefined;
  let opaque = opaqueBytes;
  const uncommittedSubmodules: string[] = [];
  for (const record of text.split('\0')) {
    const oid = /^# branch\.oid ([0-9a-f]{40}(?:[0-9a-f]{24})?)$/.exec(record);
    if (oid !== null) head = oid[1];
    if (record === '' || record.startsWith('# ')) continue;
    const kind = record[0] ?? '';
    // a record not understood (e.g. a rename record: not expected here) or without a path
    const path = statusRecordPath(record);
    if (path === undefined) return undefined;
    const parts = record.split(' ');
    if (kind === '1') {
      const xy = parts[1] ?? '';
      const sub = parts[2] ?? '';
      if (sub.startsWith('S')) opaque = true;
      // S<c><m><u>: m, tracked changes inside it; u, untracked files inside it.
      if (sub.startsWith('S') && (sub[2] === 'M' || sub[3] === 'U'))
        uncommittedSubmodules.push(path);
      if (xy[1] !== '.') dirty.push(path);
      if (xy[0] !== '.') staged.push(path);
      if (xy[0] === 'A') added.push(path);
    } else {
      if (path.endsWith('/')) opaque = true; // an untracked nested repository
      dirty.push(path);
      if (kind === '?') untracked.push(path);
      else staged.push(path);
    }
  }
  const inside = uncommittedSubmodules.length === 0 ? {} : { uncommittedSubmodules };
  return { raw, dirty, untracked, staged, added, head, opaque, flagged, ...inside };
}

interface Listing {
  /** `? <path>` status records of the untracked files. */
  untracked: Buffer;
  flagged: string[];
}

// `ls-files -v -z` records are "<tag> <path>": `?` untracked, a lowercase tag assume-unchanged,
// `S` skip-worktree. Without -v, every record is an untracked path.
function parseListing(out: Buffer, tagged: boolean): Listing {
  if (!tagged) {
    const untracked = out.toString('utf8').split('\0').filter(Boolean);
    return {
      untracked: Buffer.from(untracked.map((p) => `? ${p}\0`).join(''), 'utf8'),
      flagged: [],
    };
  }
  const untracked: Buffer[] = [];
  const flagged: string[] = [];
  for (let at = 0; at < out.length;) {
    let end = out.indexOf(0, at);
    if (end === -1) end = out.length;
    const tag = out[at] ?? 0;
    if (tag === 0x3f) untracked.push(out.subarray(at, end + 1));
    else if (tag === 0x53 || (tag >= 0x61 && tag <= 0x7a))
      flagged.push(out.toString('utf8', at + 2, end));
    at = end + 1;
  }
  return { untracked: Buffer.concat(untracked), flagged: [...new Set(flagged)] };
}

// Status over a private copy of the index whose flagged entries are cleared (dated 1 ms earlier,
// like the subject's own copy, so git's racy check can only re-hash more).
async function statusUnflagged(top: string, flagged: readonly string[]) {
  const { indexFile } = await findRepositoryPaths(top);
  const dir = await mkdtemp(join(tmpdir(), 'proofgate-status-'));
  try {
    const copy = join(dir, 'index');
    const original = await stat(indexFile);
    await copyFile(indexFile, copy);
    await utimes(copy, original.atime, new Date(Math.floor(original.mtimeMs) - 1));
    if (!(await clearIndexFlags(top, copy, flagged))) return undefined;
    return await readTrackedStatus(top, copy);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// A reader that only asks which paths differ from HEAD (a checkpoint's covered files) shares the
// state the verb reads for its subject binding: the one the verb started (until it ends it), or the
// one read under the verb's open verdict memo (verdict-memo.ts); never one an earlier verb read.
const WORKTREE_KEY = 'worktree state';
const current = new Map<string, Promise<WorktreeState | undefined>>();

/** Reads the state against the real index (read-only: optional locks are off in the gateway). */
export function readWorktreeState(
  top: string,
  onStarted?: () => void,
): Promise<WorktreeState | undefined> {
  const state = readStateNow(top, onStarted);
  remember(top, WORKTREE_KEY, state);
  return state;
}

/** The state this verb reads under `top` (a rejected read included), or one read now. */
export function sharedWorktreeState(top: string): Promise<WorktreeState | undefined> {
  return current.get(top) ?? remembered(top, WORKTREE_KEY, () => readWorktreeState(top));
}

async function readStateNow(
  top: string,
  onStarted?: () => void,
): Promise<WorktreeState | undefined> {
  // The common case (.git a directory whose info/exclude says nothing) starts its one-walk status
  // before rev-parse says where the index and info/exclude are, so rev-parse leaves git's longest
  // call (measured on 50k files: ~15 ms sooner). Its answer is used only when rev-parse names that
  // very directory and info/exclude still says nothing; otherwise it is dropped, unread.
  const guess = join(top, '.git');
  const early = isDirectory(guess) && infoExclude(guess) === '' ? oneWalkStatus(top) : undefined;
  const { indexFile, commonDir } = await findRepositoryPaths(top);
  const excludes = infoExclude(commonDir);
  const oneWalk = excludes === '';
  // Status first: the index scan below (a pass over the whole file) runs while git does.
  const tracked =
    oneWalk && early !== undefined && commonDir === guess
      ? early
      : readTrackedStatus(top, undefined, oneWalk);
  tracked.catch(() => undefined); // awaited below; a throw in between must not leave it unhandled
  // simple-git spawns a few promise turns later: a scan started now would hold the spawn back
  // (measured on 50k files: git status started ~10 ms later).
  await new Promise((resolve) => setImmediate(resolve));
  // Flags are rare: the index file itself says whether there are any, before git lists them all.
  const tagged = indexHasFlags(indexFile) !== false;
  if (oneWalk && !tagged) {
    onStarted?.();
    const status = await tracked;
    if (infoExclude(commonDir) === excludes) return status && parseStatus(status);
    return readSeparately(top, tagged, readTrackedStatus(top));
  }
  // flags (or an index the scan cannot read): the status started with the untracked files is not
  // used; the listing must come from ls-files, which never reads info/exclude (a rare path)
  return readSeparately(top, tagged, oneWalk ? readTrackedStatus(top) : tracked, onStarted);
}

function oneWalkStatus(top: string): Promise<Buffer | undefined> {
  const status = readTrackedStatus(top, undefined, true);
  status.catch(() => undefined); // awaited when used; dropped otherwise
  return status;
}

// The tracked status and the untracked listing (with the flagged entries when `tagged`) from two
// git processes side by side.
async function readSeparately(
  top: string,
  tagged: boolean,
  tracked: Promise<Buffer | undefined>,
  onStarted?: () => void,
): Promise<WorktreeState | undefined> {
  const both = Promise.all([tracked, listUntracked(top, tagged)]);
  onStarted?.();
  const [first, listed] = await both;
  if (listed === undefined) return undefined;
  const listing = parseListing(listed, tagged);
  const status = listing.flagged.length === 0 ? first : await statusUnflagged(top, listing.flagged);
  if (status === undefined) return undefined;
  return parseStatus(Buffer.concat([status, listing.untracked]), listing.flagged);
}

// A status started ahead of the subject binding that will use it, by repository top level: the
// hook starts git status while it reads and validates the plane, which needs no git at all.
const started = new Map<string, Promise<WorktreeState | undefined>>();

/**
 * Starts `git status` for the next subject binding under `top` to use (see takeWorktreeState),
 * and resolves once git has been started: the spawn waits for the event loop, so synchronous
 * work right after (parsing the plane) would otherwise hold it back.
 */
export async function startWorktreeState(top: string): Promise<void> {
  if (!started.has(top)) {
    // Where the index lives is found first (a few file checks, each a turn of the event loop):
    // wait for it, or work right after would hold the spawn back.
    let spawning = (): void => undefined;
    const asked = new Promise<void>((resolve) => (spawning = resolve));
    const state = readWorktreeState(top, spawning).catch(() => undefined);
    started.set(top, state);
    current.set(top, state);
    await Promise.race([asked, state]);
  }
  await new Promise((resolve) => setImmediate(resolve));
}

/** Ends the status the verb started for `top`: untaken or not, nothing shares it after this. */
export function endWorktreeState(top: string): void {
  started.delete(top);
  current.delete(top);
}

// The states a subject binding has taken: each is handed to one binding only (a later binding of
// the same verb may follow a command that changed the tree, so it asks git again).
const taken = new WeakSet<Promise<WorktreeState | undefined>>();

/**
 * The status startWorktreeState started for `top`, else the one a reader asked for under the
 * verb's open verdict memo (a checkpoint's covered files may be asked about first: which comes
 * first depends on timing), each handed out once; otherwise git status now. Either way it was read
 * before the caller writes the tree, as the subject cache requires.
 */
export function takeWorktreeState(top: string): Promise<WorktreeState | undefined> {
  const early = started.get(top);
  started.delete(top);
  const shared = rememberedSoFar<WorktreeState | undefined>(top, WORKTREE_KEY);
  const state =
    early ?? (shared !== undefined && !taken.has(shared) ? shared : readWorktreeState(top));
  taken.add(state);
  return state;
}

// The state the latest subject binding of this process was computed from, by repository top level.
// A verdict computes the binding, then names what made a result STALE: the naming describes the
// very working tree the binding judged (not one changed meanwhile) and needs no second status.
const bound = new Map<string, WorktreeState>();

/** Records the state a subject binding was just computed from. */
export function noteBoundState(top: string, state: WorktreeState): void {
  bound.set(top, state);
}

/**
 * The state the latest subject binding under `top` was computed from, handed out once (a later
 * question asks git again); undefined when no binding recorded one.
 */
export function takeBoundState(top: string): WorktreeState | undefined {
  const state = bound.get(top);
  bound.delete(top);
  return state;
}

/** The state the latest subject binding under `top` was computed from, left for takeBoundState. */
export function peekBoundState(top: string): WorktreeState | undefined {
  return bound.get(top);
}
