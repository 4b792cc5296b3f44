// The subject-binding cache: the last subject tree ids, reused only when nothing git could see has
// changed. The key covers everything a `git add -A` + `write-tree` over a copy of the index reads:
//   - the real index, by identity (device, inode, size, nanosecond mtime and ctime) and by the
//     content checksum git stores in its last bytes (hashed whole when that checksum is skipped);
//   - git's own verdict on the working tree (`git status --porcelain=v2`, worktree-state.ts),
//     which lists every path that differs from the index and every untracked file;
//   - the content of each such path, hashed here (status says that a file differs, not how), and
//     its kind and executable bit, or the target of a symbolic link;
//   - the configuration files git reads by default (filters and line endings decide the blobs of
//     the re-added files) and the subject's own excludes and includes (a subproject's scope).
// The paths the subject's excludes cut out (the ledger proofgate appends to, evidence objects,
// declared outputs) never reach the tree, so neither their status records nor their content are in
// the key: a ledger line written after the tree was bound (evaluate's results, the Stop hook's own
// record) leaves the key as it was. Only excludes that match path by path, as the tree is cut
// (subject-trees-fast.ts), are left out so; with any other, every record counts.
// Any doubt (an opaque status, an unreadable file, a malformed store) means "no key": recompute.
// The store lives in the worktree's git dir, never in the working tree, so it cannot change the
// subject it describes. It is a convenience, not a trust anchor: whoever can write the git dir
// can also rewrite the index that the uncached computation relies on.
import { createHash } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  lstatSync,
  openSync,
  readFileSync,
  readlinkSync,
  readSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { RepositoryPaths } from '../git.ts';
import type { WorktreeState } from '../../core/world/git-port.ts';
import { statusRecordPath } from '../repo/worktree-state.ts';
import { isCutPath, plainPaths } from './subject-trees-fast.ts';
import { keyedTrees } from './git-dir-store.ts';

const FORMAT = 'proofgate-subject-cache-v2';

type CacheLocation = RepositoryPaths;

function statLine(path: string): string {
  const info = lstatSync(path, { bigint: true, throwIfNoEntry: false });
  if (info === undefined) return `${path} absent`;
  return `${path} ${info.dev} ${info.ino} ${info.size} ${info.mtimeNs} ${info.ctimeNs} ${info.mode}`;
}

// The index's identity plus its content: git ends the file with a checksum of everything before
// it; when that checksum is skipped (all zero bytes) the whole file is hashed here instead.
function indexIdentity(indexFile: string): string {
  let fd: number;
  try {
    fd = openSync(indexFile, 'r');
  } catch {
    return 'no index';
  }
  try {
    const info = fstatSync(fd, { bigint: true });
    const size = Number(info.size);
    const identity = `${info.dev} ${info.ino} ${info.size} ${info.mtimeNs} ${info.ctimeNs}`;
    const tail = Buffer.alloc(Math.min(32, size));
    readSync(fd, tail, 0, tail.length, size - tail.length);
    if (tail.subarray(-20).some((byte) => byte !== 0)) return `${identity} ${tail.toString('hex')}`;
    return `${identity} ${createHash('sha256').update(readFileSync(indexFile)).digest('hex')}`;
  } finally {
    closeSync(fd);
  }
}

function configFiles(where: CacheLocation): string[] {
  const home = homedir();
  const xdg = process.env['XDG_CONFIG_HOME'] ?? join(home, '.config');
  return [
    join(where.commonDir, 'config'),
    join(where.gitDir, 'config.worktree'),
    join(where.commonDir, 'info', 'attributes'),
    join(where.commonDir, 'info', 'exclude'),
    join(home, '.gitconfig'),
    join(xdg, 'git', 'config'),
    join(xdg, 'git', 'attributes'),
    '/etc/gitconfig',
  ];
}

// Kind, executable bit and content digest of one path that differs from the index.
function describePath(top: string, path: string): string {
  const full = join(top, path);
  const info = lstatSync(full, { throwIfNoEntry: false });
  if (info === undefined) return 'deleted';
  if (info.isSymbolicLink()) return `link ${readlinkSync(full)}`;
  if (!info.isFile()) throw new Error(`${path} is neither a file nor a link`);
  const executable = (info.mode & 0o111) !== 0 ? 'x' : '-';
  return `file ${executable} ${createHash('sha256').update(readFileSync(full)).digest('hex')}`;
}

/**
 * The cache key for this state, or undefined when the state cannot be summarised safely. `leftOut`
 * are the path excludes of the subject whose records and content the key leaves out.
 */
export function subjectCacheKey(
  where: CacheLocation,
  state: WorktreeState,
  excludes: readonly string[],
  includes?: readonly string[],
  leftOut: readonly string[] = [],
): string | undefined {
  if (state.opaque) return undefined;
  const cut = plainPaths(leftOut);
  const counts = (path: string | undefined): boolean =>
    cut === undefined || path === undefined || !isCutPath(path, cut);
  try {
    const hash = createHash('sha256');
    const field = (text: string): void => void hash.update(`${text}\0`);
    field(FORMAT);
    field(where.top);
    field(JSON.stringify(excludes));
    // A subproject plane's tree holds only its included paths: another scope, another tree.
    field(includes === undefined ? 'whole tree' : `only ${JSON.stringify(includes)}`);
    field(indexIdentity(where.indexFile));
    for (const file of configFiles(where)) field(statLine(file));
    // (not opaque: the status is valid UTF-8, so the records round-trip as text)
    for (const record of state.raw.toString('utf8').split('\0'))
      if (counts(statusRecordPath(record))) field(record);
    for (const path of state.dirty)
      if (counts(path)) field(`${path}\0${describePath(where.top, path)}`);
    return hash.digest('hex');
  } catch {
    return undefined;
  }
}

const STORE = keyedTrees('proofgate-subject-cache.json', FORMAT, 8);

export function lookupSubjectTree(gitDir: string, key: string): string | undefined {
  return STORE.lookup(gitDir, key);
}

/** Records `tree` for `key`; a failure to write only costs the next call a recomputation. */
export function storeSubjectTree(gitDir: string, key: string, tree: string): void {
  STORE.record(gitDir, key, tree);
}
