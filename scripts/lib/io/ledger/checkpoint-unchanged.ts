// What a verdict starting from a trusted checkpoint does not read, proven unchanged without reading
// it, or the verdict reads the whole ledger (whose findings are those `verify --full` reports):
// - the covered segments in the working tree: git's own status (index flags cleared, as for the
//   subject binding) must show each one as it is at HEAD, neither modified, deleted nor staged;
//   the blob at HEAD is the sealed one (ledger-checkpoint.ts);
// - the evidence objects the covered lines name, which the whole read re-hashes: an object is
//   written once and never changes, so no tracked object may be modified or deleted in the working
//   tree or the index, nor in any commit since the anchor (one `git diff` of the two trees, none
//   when HEAD is the anchor; before it, the protected base stands for it). New objects are what
//   the suffix adds.
import type { Plane } from '../../core/plane/plane.ts';
import { findRepositoryPaths } from '../git.ts';
import { loadTrustedCheckpoint } from './ledger-checkpoint.ts';
import { ledgerDir } from './ledger-store.ts';
import { objectsDir } from './objects.ts';
import { inRepository, objectsChangedSince } from './objects-since.ts';
import { sharedWorktreeState } from '../repo/worktree-state.ts';
import type { CheckpointUse } from '../../core/world/ledger-port.ts';
import type { WorktreeState } from '../../core/world/git-port.ts';

/** The commit the verdict proves the ledger against (io/ledger/ledger-integrity.ts IntegrityAnchor). */
interface Anchor {
  commit: string;
  label: string;
}

const under = (dir: string, path: string): boolean => path.startsWith(`${dir}/`);

function changedInWorktree(
  state: WorktreeState,
  covered: readonly string[],
  objects: string,
): string | undefined {
  const uncommitted = new Set([...state.dirty, ...state.staged]);
  const segment = covered.find((file) => uncommitted.has(file));
  if (segment !== undefined) return `${segment} differs from HEAD in the working tree`;
  // An object the index does not hold yet is new (the suffix's); any other change rewrites one.
  const fresh = new Set([...state.untracked, ...state.added]);
  const object = [...uncommitted].find((path) => under(objects, path) && !fresh.has(path));
  return object === undefined ? undefined : `${object} differs from HEAD in the working tree`;
}

async function rewrittenSince(plane: Plane, anchor: Anchor): Promise<string | undefined> {
  const changes = await objectsChangedSince(plane, anchor.commit);
  if (changes === undefined) return `git cannot compare the evidence objects with ${anchor.label}`;
  const [first] = changes;
  return first === undefined ? undefined : `${first.path} was rewritten since ${anchor.label}`;
}

/**
 * Why the files a checkpoint stands for may have changed since it was proven (the verdict then
 * reads the whole ledger), or undefined when they provably did not.
 */
async function changedSinceCheckpoint(
  plane: Plane,
  segments: readonly string[],
  anchor: Anchor,
): Promise<string | undefined> {
  const { top } = await findRepositoryPaths(plane.root);
  const objects = await inRepository(plane, objectsDir(plane));
  const ledger = await inRepository(plane, ledgerDir(plane));
  if (objects === undefined || ledger === undefined)
    return 'the plane is not inside the repository git reads';
  const covered = segments.map((name) => `${ledger}/${name}.jsonl`);
  const state = await sharedWorktreeState(top).catch(() => undefined);
  if (state === undefined) return 'git status could not be read';
  return (
    changedInWorktree(state, covered, objects) ??
    // At the anchor itself no commit came since (the pushed case asks git nothing more).
    (state.head === anchor.commit ? undefined : await rewrittenSince(plane, anchor))
  );
}

/**
 * The newest trusted checkpoint a verdict may start from now: trusted (ledger-checkpoint.ts) and
 * nothing it stands for changed since (above); otherwise why the whole ledger is read.
 */
export async function usableCheckpoint(
  plane: Plane,
  anchor: Anchor | undefined,
  sigstoreRoot?: string,
): Promise<CheckpointUse> {
  const use = await loadTrustedCheckpoint(plane, anchor, sigstoreRoot);
  if (!('checkpoint' in use) || anchor === undefined) return use;
  const { seal, body } = use.checkpoint;
  const why = await changedSinceCheckpoint(plane, Object.keys(body.segments), anchor).catch(
    () => 'git could not tell whether it changed',
  );
  return why === undefined ? use : { skipped: `${seal.file}:${seal.index + 1}: ${why}` };
}
