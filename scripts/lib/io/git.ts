// The git facade's front door: every question the gate asks git, one function each, grouped by
// meaning in scripts/lib/io/git/. Each runs through run-git.ts, the one module that starts git (on
// simple-git, every protection on: references/bindings.md). Nothing else under scripts/ spawns git
// or imports simple-git or a module of io/git/ directly (ESLint, test/commands/git-facade.test.ts):
// one door also keeps the facade in one bundle chunk, loaded once by whichever verb asks first.

// Which repository a directory belongs to, and where its git dirs and index are.
export {
  findGitRoot,
  findRepositoryPaths,
  gitCommonDir,
  resolveRoot,
  type RepositoryPaths,
} from './git/repository.ts';
// Commits and refs: names resolved, the branch and its upstream, fork points, ancestry.
export {
  currentBranch,
  forkPoint,
  headTree,
  isAncestor,
  isUnbornBranch,
  listRefs,
  objectFormat,
  resolveCommit,
  resolveCommitAndFormat,
  resolveHead,
  remoteUrl,
  resolveUpstream,
  type ListedRef,
} from './git/refs.ts';
// History: recent commits, commit times, who added a text, commits since a base, blame.
export {
  blameCommits,
  commitParents,
  firstCommitAdding,
  headCommitTime,
  recentCommits,
} from './git/history.ts';
// Trees at a commit: what they hold under some paths.
export {
  listTreeFiles,
  listTreeFilesWithSizes,
  listTreePaths,
  listTreeSymlinks,
  diffTreeSymlinks,
} from './git/trees.ts';
// Objects by name or id: bytes, sizes, presence, and the id of some bytes.
export {
  blobSizes,
  gitObjectId,
  objectExists,
  objectSize,
  readBlob,
  readObjects,
  type CatObject,
} from './git/objects.ts';
// What changed between trees or commits.
export { changedLineDiff, changedPaths, changesSince, stepChanges } from './git/diff.ts';
// The files git sees in the working tree, and what it ignores.
export {
  isIgnored,
  listGitignoreVisible,
  listTrackedFiles,
  listTrackedMatching,
  listVisibleFiles,
} from './git/files.ts';
// The working tree against its index, and index flags.
export { clearIndexFlags, listUntracked, readTrackedStatus } from './git/status.ts';
// A private index file: trees read into it, paths added and cut, its tree written.
export {
  addToIndex,
  emptyIndex,
  fillIndex,
  listStaged,
  matchStaged,
  readTreeInto,
  removeFromIndex,
  storeBlob,
  storeTreeFiles,
  writeIndexTree,
  type PrivateIndex,
} from './git/private-index.ts';
// A temporary linked worktree (efficacy's).
export {
  addDetachedWorktree,
  applyPatch,
  checkOutTree,
  discardWorktreeNow,
  listWorktreeFiles,
  removeUntracked,
  removeWorktree,
} from './git/worktree.ts';
// A throwaway repository (`npm run demo`).
export { commitEverything, initRepository, publishMain } from './git/scratch-repo.ts';
