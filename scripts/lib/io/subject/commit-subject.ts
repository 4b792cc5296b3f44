// The subject tree of a commit, so an auditor can match a ledger entry's tree id with a commit they
// know: the commit's tree read into a temporary index, minus the plane's storage and declared
// outputs (the same excludes the subject binding uses), written back as a tree. Never touches the
// real index or the working tree.
import { subjectScopeOf, type SubjectScope } from '../../core/binding/build-subject.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { relative, sep } from 'node:path';
import { findRepositoryPaths, recentCommits } from '../git.ts';
import { bindOwnContent, bindOwnContentOf, ownContentRules } from './own-content.ts';
import {
  committedSkillExcludes,
  installedSkillExcludes,
  withSkillExcludes,
} from './skill-excludes.ts';
import { commitSubjectOf, withTreeIndex, type SubjectIndex } from './subject-index.ts';
import {
  cutPaths,
  formatOfId,
  plainPaths,
  underPrefix,
  type CutPath,
} from './subject-trees-fast.ts';
import { COMMITS_SEARCHED } from '../../core/world/subject-port.ts';
import { sha256Hex } from '../../core/hash.ts';
import { packageRoot } from '../host/package-root.ts';
import { readPackageVersion } from '../host/package-version.ts';
import { keyedTrees } from './git-dir-store.ts';

/**
 * What the subject tree leaves out of a commit, as shown to a reader; `skill`: the installed skill
 * files left out (by default those byte-identical to this version's in the working tree).
 */
export function subjectExcludes(plane: Plane, skill?: readonly string[]): string[] {
  return scopeOf(plane, skill).excludes;
}

// The installed skill files left out as the working tree has them (what a reader is shown, and
// the commit search); a single commit's subject reads them from that commit (commitSubjectTree).
function scopeOf(
  plane: Plane,
  skill: readonly string[] = installedSkillExcludes(plane.root),
): SubjectScope {
  return withSkillExcludes(subjectScopeOf(plane.rel, plane.manifest, plane.registry), skill);
}

/** The full commit id `ref` names, or undefined when it names no commit. */
export { resolveCommit } from '../git.ts';

async function subjectOf(
  index: SubjectIndex,
  commit: string,
  scope: SubjectScope,
): Promise<string> {
  const tree = await commitSubjectOf(index, commit, scope.excludes, scope.includes);
  return scope.plane === undefined
    ? tree
    : bindOwnContent(index.root, tree, ownContentRules(scope.plane));
}

// The commits' root trees with proofgate's own lines taken out (the cut comes after: the same
// tree as binding after the cut, since both only drop or rewrite paths); by commit.
async function boundRoots(
  plane: Plane,
  scope: SubjectScope,
  commits: readonly { commit: string; tree: string }[],
): Promise<{ commit: string; tree: string }[]> {
  if (scope.plane === undefined) return [...commits];
  const rules = ownContentRules(scope.plane);
  const bound = await bindOwnContentOf(
    plane.root,
    commits.map((c) => c.tree),
    rules,
  );
  return commits.map((c) => ({ commit: c.commit, tree: bound.get(c.tree) ?? c.tree }));
}

// The excludes as paths from the top of a commit's tree, when the fast path can cut them: plain
// paths only, and no subproject include list (that takes the index).
async function fastCuts(plane: Plane, scope: SubjectScope): Promise<CutPath[] | undefined> {
  const plain = scope.includes === undefined ? plainPaths(scope.excludes) : undefined;
  if (plain === undefined) return undefined;
  const { top } = await findRepositoryPaths(plane.root);
  return underPrefix(plain, relative(top, plane.root).split(sep).join('/'));
}

/** The subject tree of `commit` (a full commit id). */
export async function commitSubjectTree(plane: Plane, commit: string): Promise<string> {
  const scope = scopeOf(plane, await committedSkillExcludes(plane.root, commit));
  // When only plain paths are cut, the commit's own tree objects answer without an index (the
  // same fast path the commit search takes); otherwise a temporary index computes it.
  const cuts = await fastCuts(plane, scope);
  if (cuts !== undefined) {
    const roots = await boundRoots(plane, scope, [{ commit, tree: `${commit}^{tree}` }]);
    const fast = await cutPaths(plane.root, roots, cuts, formatOfId(commit));
    const tree = fast?.trees.get(commit);
    if (tree !== undefined) return tree;
  }
  return withTreeIndex(plane.root, commit, (index) => subjectOf(index, commit, scope));
}

const NAMING = keyedTrees('proofgate-naming-trees.json', 'proofgate-naming-trees-v1', 4);

/**
 * `commit`'s subject tree for wording what made a result STALE (flows/claim/stale-causes.ts): kept
 * in the git dir by commit, scope and the running package, so a stop that blocks again on the same
 * commit asks git nothing for it (the block path of the Stop hook: four git processes, ~40 ms on a
 * 50k-file repository). Never a verdict's input: a wrong entry could only word the cause otherwise
 * ("uncommitted changes" or "changed since"); every check that decides with a commit's subject tree
 * computes it (commitSubjectTree).
 */
export async function namingSubjectTree(plane: Plane, commit: string): Promise<string> {
  const { gitDir } = await findRepositoryPaths(plane.root);
  const key = sha256Hex(
    JSON.stringify([commit, scopeOf(plane, []), packageRoot(), readPackageVersion()]),
  );
  const known = NAMING.lookup(gitDir, key);
  if (known !== undefined) return known;
  const tree = await commitSubjectTree(plane, commit);
  NAMING.record(gitDir, key, tree);
  return tree;
}

/**
 * For each of `trees`, the newest of the latest `depth` (default COMMITS_SEARCHED) commits of HEAD whose subject
 * tree it is. Trees no such commit has are absent from the result.
 */
export async function findSubjectCommits(
  plane: Plane,
  trees: ReadonlySet<string>,
  depth = COMMITS_SEARCHED,
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (trees.size === 0) return found;
  const history = (await recentCommits(plane.root, depth)) ?? [];
  const commits = history.map((h) => h.commit);
  if (commits.length === 0) return found;
  const scope = scopeOf(plane);
  const cuts = await fastCuts(plane, scope);
  if (cuts !== undefined) {
    const roots = await boundRoots(plane, scope, history);
    const subjects = await cutPaths(plane.root, roots, cuts, formatOfId(commits[0]!));
    if (subjects !== undefined) {
      for (const commit of commits) {
        const tree = subjects.trees.get(commit)!;
        if (trees.has(tree) && !found.has(tree)) found.set(tree, commit);
      }
      return found;
    }
  }
  await withTreeIndex(plane.root, commits[0]!, async (index) => {
    for (const commit of commits) {
      const tree = await subjectOf(index, commit, scope);
      if (trees.has(tree) && !found.has(tree)) found.set(tree, commit);
      if (found.size === trees.size) return;
    }
  });
  return found;
}

/**
 * HEAD's commit and git tree, and the latest `depth` commits of HEAD newest first (HEAD at 0,
 * so a commit's index is how many commits it is behind); undefined without a commit.
 */
export async function readHeadFacts(
  root: string,
  depth: number,
): Promise<{ commit: string; gitTree: string; recent: string[] } | undefined> {
  const history = await recentCommits(root, depth);
  const first = history?.[0];
  if (history === undefined || first === undefined) return undefined;
  return { commit: first.commit, gitTree: first.tree, recent: history.map((h) => h.commit) };
}
