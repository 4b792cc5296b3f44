// What makes the bytes on disk unbindable by a git tree (references/bindings.md "The bytes on
// disk"), refused with its name rather than bound to what git was told:
// - `.git/info/attributes`: attributes outside every committed file, which turn conversions on
//   (`ident`, `eol`, `working-tree-encoding`, a filter) for what `git add` stores and what
//   `git status` compares (filter drivers themselves are off on every call: io/git/filter-off.ts);
// - a tracked or untracked symbolic link whose target lies outside the repository: git binds the
//   link's text, never the bytes it leads to, which can change while the tree stays the same.
import { readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { EnvironmentError } from '../../core/errors.ts';
import type { RepositoryPaths } from '../git.ts';
import { treeSymlinks } from './links-cache.ts';

/** Refuses a repository whose `info/attributes` holds an attribute line. */
export function assertNoInfoAttributes(paths: RepositoryPaths): void {
  const file = join(paths.commonDir, 'info', 'attributes');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return;
  }
  const lines = text.split('\n').filter((line) => !/^\s*(#|$)/.test(line));
  if (lines.length === 0) return;
  throw new EnvironmentError(
    'SUBJECT_UNBINDABLE',
    `${file} sets attributes (${lines[0]?.trim() ?? ''}${lines.length > 1 ? ', …' : ''}) that change what git reads from the files, outside any committed file: the subject would not be the bytes on disk`,
    {
      where: file,
      expected: 'attributes only in committed .gitattributes files',
      next: `rm ${JSON.stringify(file)}`,
    },
  );
}

const within = (path: string, dir: string): boolean => {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

// Where the link at `path` (from `top`) leads: its real path when it resolves, else its target
// read lexically (a dangling link is judged by where it points).
function leadsTo(top: string, path: string): string | undefined {
  const link = join(top, path);
  try {
    return realpathSync(link);
  } catch {
    try {
      return resolve(dirname(link), readlinkSync(link));
    } catch {
      return undefined;
    }
  }
}

/**
 * Refuses a subject tree holding a symbolic link whose target lies outside the repository. The
 * listing of the tree's links comes from the links cache unless `cached` is false (links-cache.ts);
 * where each one leads is resolved here every time.
 */
export async function assertLinksInside(
  paths: RepositoryPaths,
  tree: string,
  cached: boolean,
): Promise<void> {
  const links = await treeSymlinks(paths, tree, cached);
  if (links === undefined || links.length === 0) return;
  const top = realpathSync(paths.top);
  const outside = links.filter((path) => {
    const target = leadsTo(paths.top, path);
    return target !== undefined && !within(target, top);
  });
  if (outside.length === 0) return;
  const first = outside[0] ?? '';
  throw new EnvironmentError(
    'SUBJECT_UNBINDABLE',
    `the symbolic link ${first} leads outside the repository (to ${leadsTo(paths.top, first) ?? '?'})${outside.length > 1 ? `, and ${outside.length - 1} more` : ''}: git binds the link, not the bytes it leads to, so a result could not be tied to them`,
    {
      where: join(paths.top, first),
      expected: 'symbolic links that stay inside the repository',
      next: `replace the link by the file itself: cp --remove-destination "$(readlink -f ${JSON.stringify(first)})" ${JSON.stringify(first)}`,
    },
  );
}

/**
 * Refuses a working tree whose submodule holds changes not committed inside it: the subject binds
 * the submodule's checked-out commit (its gitlink), so a result could not be tied to them.
 */
export function assertSubmodulesCommitted(
  paths: RepositoryPaths,
  state: { uncommittedSubmodules?: readonly string[] | undefined },
): void {
  const first = state.uncommittedSubmodules?.[0];
  if (first === undefined) return;
  const more = (state.uncommittedSubmodules?.length ?? 1) - 1;
  throw new EnvironmentError(
    'SUBJECT_UNBINDABLE',
    `the submodule ${first} has changes not committed inside it${more > 0 ? `, and ${more} more` : ''}: the subject binds a submodule's checked-out commit, so a result could not be tied to them`,
    {
      where: join(paths.top, first),
      expected:
        'submodules whose work is committed in them: commit the changes there (and the new gitlink here), or undo them',
      next: `git -C ${JSON.stringify(first)} status`,
    },
  );
}
