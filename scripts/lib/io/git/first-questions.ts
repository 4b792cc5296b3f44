// The arguments of the questions `hook stop`, `claim` and `status` each ask git first: where the
// repository keeps its git dirs (repository.ts), the working tree's state in one walk (status.ts),
// the branches with their upstreams (refs.ts) and the ledger's files at HEAD (trees.ts, for the
// ledger's append-only check). Those modules ask them; prefetch.ts starts them as the process
// starts. A leaf module, like git-env.ts, for the same reason.

/** `rev-parse`: inside a work tree?, its top, the git dir, the common dir, the index file. */
export const LOCATE_ARGS = [
  'rev-parse',
  '--is-inside-work-tree',
  '--path-format=absolute',
  '--show-toplevel',
  '--absolute-git-dir',
  '--git-common-dir',
  '--git-path',
  'index',
];

/** `git status` of the tracked files, and of the untracked ones when `untracked`. */
export const statusArgs = (untracked: boolean): string[] => [
  'status',
  '--porcelain=v2',
  '-z',
  '--branch',
  '--no-ahead-behind',
  untracked ? '--untracked-files=all' : '--untracked-files=no',
  '--no-renames',
  '--ignore-submodules=none',
];

// One `for-each-ref` answers what three `rev-parse` calls asked one after the other: the current
// branch (`%(HEAD)`), its upstream as `--abbrev-ref @{upstream}` names it, origin/HEAD's target,
// and whether each exists (a dangling symref or a missing tracking ref is not listed).
const FORMAT = [
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

/** Every branch and remote-tracking ref, one line each, fields separated by NUL. */
export const REFS_ARGS = ['for-each-ref', `--format=${FORMAT}`, 'refs/heads', 'refs/remotes'];

/** `ls-tree` of every file under `dir` (from the top of the tree) at `commit`, with blob sizes. */
export const treeFilesWithSizesArgs = (commit: string, dir: string): string[] => [
  'ls-tree',
  '-r',
  '-l',
  '-z',
  '--full-tree',
  commit,
  '--',
  dir,
];
