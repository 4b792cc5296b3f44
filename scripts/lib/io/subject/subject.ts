// Subject bindings (references/bindings.md): what a ledger entry judged. The tree is computed once
// per call, either reused from the subject cache when git says nothing changed (subject-cache.ts)
// or written through a temporary index (subject-index.ts); the digests are assembled by the pure
// core in scripts/lib/core/binding/.
import { relative, sep } from 'node:path';
import {
  type SubjectBase,
  buildControlSubject,
  buildSubject,
  digestInputsListing,
  effectiveInputs,
  reachInputs,
  digestPolicy,
  subjectScopeOf,
  type SubjectScope,
} from '../../core/binding/build-subject.ts';
import { assertGlobs, unmatchedInputsError } from '../../core/shared/pathspec.ts';
import type { SubjectBinding } from '../../core/ledger/types.ts';
import type { Control } from '../../core/plane/types.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { EnvironmentError } from '../../core/errors.ts';
import { findRepositoryPaths, listStaged, matchStaged } from '../git.ts';
import { installedSkillExcludes, withSkillExcludes } from './skill-excludes.ts';
import { bindOwnContent, hasOwnContentFiles, ownContentRules } from './own-content.ts';
import { lookupSubjectTree, storeSubjectTree, subjectCacheKey } from './subject-cache.ts';
import { type SubjectIndex, prepareSubjectIndex, withTreeIndex } from './subject-index.ts';
import { assertOutputsUntracked } from '../repo/tracked-outputs.ts';
import { noteBoundState, readWorktreeState, takeWorktreeState } from '../repo/worktree-state.ts';
import {
  assertLinksInside,
  assertNoInfoAttributes,
  assertSubmodulesCommitted,
} from './bindable-bytes.ts';
import type { WorktreeState } from '../../core/world/git-port.ts';

export interface SubjectTreeOptions {
  /** Path globs relative to `root` left out of the tree; a trailing `/` names a directory. */
  excludes: readonly string[];
  /** When given, only the paths these globs match (a subproject plane's scope plus its plane). */
  includes?: readonly string[] | undefined;
  /** The plane's directory: proofgate's own lines are bound without them (own-content.ts). */
  plane?: string | undefined;
  /**
   * Reuse or record the tree in the subject cache (default true). Off when the caller needs the
   * tree object itself in the object store, e.g. to check it out.
   */
  cache?: boolean;
  /**
   * The working-tree state another subject computation of the same verdict read (a task's scope,
   * then its statuses): used instead of a second `git status`. Ignored when `cache` is false.
   */
  state?: WorktreeState | undefined;
}

interface SubjectTree {
  tree: string;
  /** True when the id came from the cache (its object may have been pruned since). */
  cached: boolean;
  /** The working-tree state the tree was computed from. */
  state: WorktreeState;
}

// The tree id of the subject; the cache answers only for an identical key computed from git's
// status, and a new entry is stored only when the key is the same before and after the tree was
// written (no file git looked at changed meanwhile).
async function subjectTree(root: string, options: SubjectTreeOptions): Promise<SubjectTree> {
  const paths = await findRepositoryPaths(root);
  assertNoInfoAttributes(paths);
  const uncached = options.cache === false;
  // Copied early only when no cached tree can answer; else when the tree is written.
  const prepared = prepareSubjectIndex(root, paths, options.excludes, options.includes, uncached);
  // a working tree without any file that may hold proofgate's lines: nothing to take out
  const rules =
    options.plane === undefined || !hasOwnContentFiles(root)
      ? undefined
      : ownContentRules(options.plane);
  const bound = (tree: string): Promise<string> =>
    rules === undefined ? Promise.resolve(tree) : bindOwnContent(root, tree, rules);
  try {
    const state = uncached
      ? await readWorktreeState(paths.top)
      : (options.state ?? (await takeWorktreeState(paths.top)));
    if (state === undefined) {
      throw new EnvironmentError('GIT_FAILED', `git could not list the changes in ${paths.top}`, {
        where: paths.top,
        next: 'run "git status" there to see what git objects to',
      });
    }
    assertSubmodulesCommitted(paths, state);
    if (uncached) {
      const tree = await bound(await prepared.writeTree(state));
      await assertLinksInside(paths, tree, false);
      return { tree, cached: false, state };
    }
    noteBoundState(paths.top, state);
    const keyOf = (ready: WorktreeState): string | undefined =>
      subjectCacheKey(
        paths,
        ready,
        rules === undefined
          ? options.excludes
          : [...options.excludes, `:own:${JSON.stringify(rules)}`],
        options.includes,
        options.excludes,
      );
    const key = keyOf(state);
    const hit = key === undefined ? undefined : lookupSubjectTree(paths.gitDir, key);
    if (hit !== undefined) return { tree: hit, cached: true, state };
    // Nothing changed against HEAD (neither the working tree nor the index): HEAD's own tree
    // objects give the subject without writing an index.
    const clean =
      state.head !== undefined && state.dirty.length === 0 && state.staged.length === 0
        ? await prepared.cleanTree(state.head)
        : undefined;
    const tree = await bound(clean ?? (await prepared.writeTree(state)));
    // Checked before the tree is cached: a hit is a tree that passed.
    await assertLinksInside(paths, tree, true);
    if (key !== undefined && keyOf(state) === key) storeSubjectTree(paths.gitDir, key, tree);
    return { tree, cached: false, state };
  } finally {
    await prepared.dispose();
  }
}

// Runs `use` on a temporary index holding the subject tree; a cached id whose object git has
// since pruned is recomputed (which writes the object again) before giving up.
async function withSubjectTreeIndex<T>(
  root: string,
  scope: SubjectScope,
  use: (index: SubjectIndex | undefined, tree: string) => Promise<T>,
  needsIndex: boolean,
): Promise<T> {
  const first = await subjectTree(root, scope);
  if (!needsIndex) return use(undefined, first.tree);
  try {
    return await withTreeIndex(root, first.tree, (index) => use(index, first.tree));
  } catch (error) {
    if (!first.cached) throw error;
    const fresh = await subjectTree(root, { ...scope, cache: false });
    return withTreeIndex(root, fresh.tree, (index) => use(index, fresh.tree));
  }
}

/**
 * The git tree id of the working tree under `root` (tracked plus untracked-not-ignored files,
 * uncommitted edits and deletions included) minus `excludes`. Writes objects to the repository's
 * object store like `git add` does, never the real index or the working tree.
 */
export async function computeSubjectTree(
  root: string,
  options: SubjectTreeOptions,
): Promise<string> {
  assertGlobs(options.excludes, 'subject excludes');
  assertGlobs(options.includes ?? [], 'subject includes');
  return (await subjectTree(root, options)).tree;
}

/** computeSubjectTree, with the working-tree state it was computed from (for computeSubjects). */
export async function computeSubjectTreeState(
  root: string,
  options: SubjectTreeOptions,
): Promise<{ tree: string; state: WorktreeState }> {
  assertGlobs(options.excludes, 'subject excludes');
  assertGlobs(options.includes ?? [], 'subject includes');
  const { tree, state } = await subjectTree(root, options);
  return { tree, state };
}

/**
 * sha256 over `git ls-files -s -z` of the files in `tree` matched by `globs` (`:(glob)` pathspecs
 * relative to `root`). A glob matching nothing is ConfigError INPUT_UNMATCHED (exit 2).
 */
export async function inputsDigest(root: string, tree: string, globs: string[]): Promise<string> {
  assertGlobs(globs, 'inputs');
  return withTreeIndex(root, tree, async (index) => {
    const { listing, unmatched } = await matchStaged(index, globs);
    if (unmatched.length > 0) throw unmatchedInputsError('inputs', unmatched);
    return digestInputsListing(listing);
  });
}

/**
 * Subject bindings of `controls`, keyed by control id, from one computation of the tree; `state`
 * is the working-tree state an earlier computation of the same verdict read, if any.
 */
export async function computeSubjects(
  plane: Plane,
  controls: readonly Control[],
  state?: WorktreeState,
): Promise<Map<string, SubjectBinding>> {
  const scope = {
    ...withSkillExcludes(
      subjectScopeOf(plane.rel, plane.manifest, plane.registry),
      installedSkillExcludes(plane.root),
    ),
    state,
  };
  for (const control of controls) assertGlobs(control.inputs ?? [], `control ${control.id} inputs`);
  const needsIndex = controls.some((c) => effectiveInputs(c) !== undefined);
  const outputs = checkOutputs(plane);
  const subjects = await withSubjectTreeIndex(
    plane.root,
    scope,
    async (index, tree) => {
      const base = buildSubject(toBase(plane, tree));
      const policy = digestPolicy(plane.manifest);
      const subjects = new Map<string, SubjectBinding>();
      for (const control of controls) {
        const inputs = effectiveInputs(control);
        if (inputs === undefined || index === undefined) {
          subjects.set(control.id, buildControlSubject(base, control, undefined, policy));
          continue;
        }
        // The reach's files (last, reachInputs) are bound beside the inputs; they may be absent.
        const reach = reachInputs(control);
        const declared = inputs.slice(0, inputs.length - reach.length);
        const { listing, unmatched } = await matchStaged(index, declared);
        // a file check's file may rightly be absent; declared inputs must match something
        if (unmatched.length > 0 && control.inputs !== undefined)
          throw unmatchedInputsError(`control ${control.id} inputs`, unmatched);
        const reached = reach.length === 0 ? undefined : await listStaged(index, reach);
        const bound = reached === undefined ? listing : Buffer.concat([listing, reached]);
        subjects.set(control.id, buildControlSubject(base, control, bound, policy));
      }
      return subjects;
    },
    needsIndex,
  );
  await outputs;
  return subjects;
}

/** The subject binding for entries not about one control (claims, seals, notes). */
export async function computeSubject(plane: Plane): Promise<SubjectBinding> {
  const scope = withSkillExcludes(
    subjectScopeOf(plane.rel, plane.manifest, plane.registry),
    installedSkillExcludes(plane.root),
  );
  const outputs = checkOutputs(plane);
  const { tree } = await subjectTree(plane.root, scope);
  await outputs;
  return buildSubject(toBase(plane, tree));
}

// Started beside the tree computation and awaited after it (a rejection is observed there).
function checkOutputs(plane: Plane): Promise<void> {
  const where = relative(plane.root, plane.registryPath).split(sep).join('/');
  const check = assertOutputsUntracked(plane.root, plane.registry.controls, where);
  check.catch(() => undefined);
  return check;
}

function toBase(plane: Plane, tree: string): SubjectBase {
  return { tree, manifest: plane.manifest, registry: plane.registry };
}
