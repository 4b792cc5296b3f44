// Binds the files that hold proofgate's own lines without them (core/binding/own-content.ts): the
// subject tree, once written, gets each such file's blob replaced by the file without proofgate's
// lines, or the file left out when nothing else is in it. The same rule for a working tree's tree
// and for a commit's, so a clean clone computes what the developer's checkout does.
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import {
  boundOwnContent,
  OWN_CONTENT_FILES,
  type OwnContentRules,
} from '../../core/binding/own-content.ts';
import { hookCommand } from '../../core/hook/hook-command.ts';
import { PROJECT_KINDS } from '../../core/scan/project-kind.ts';
import { SKILL_DIRS } from '../../core/skill/plan-skill-install.ts';
import { packageRoot } from '../host/package-root.ts';
import {
  fillIndex,
  findRepositoryPaths,
  listStaged,
  readObjects,
  removeFromIndex,
  storeBlob,
  writeIndexTree,
} from '../git.ts';
import { withTreeIndex } from './subject-index.ts';

/** What this proofgate writes for a plane at `planeRel` (relative to the root). */
export function ownContentRules(planeRel: string): OwnContentRules {
  const plane = planeRel.replace(/\/+$/, '');
  // The command's failure message is worded for the project's kind: every kind's form is ours.
  const hookCommands = (['claude', 'codex'] as const).flatMap((agent) =>
    (['shared', 'local'] as const).flatMap((placement) =>
      PROJECT_KINDS.map((kind) =>
        hookCommand({ agent, placement, packageDir: packageRoot(), kind }),
      ),
    ),
  );
  return {
    dirs: [plane === '' ? 'controls' : plane, ...Object.values(SKILL_DIRS)],
    plane,
    hookCommands,
  };
}

interface OwnEdit {
  /** Relative to the root (as the rules name it). */
  path: string;
  bound: string | null;
}

// For each of `trees` (trees or commits), its own-content files whose bound text differs from
// their blob: one `git cat-file --batch` for all of them.
async function findEdits(
  root: string,
  prefix: string,
  trees: readonly string[],
  rules: OwnContentRules,
): Promise<Map<string, OwnEdit[]>> {
  const name = (tree: string, path: string): string => `${tree}:${prefix}${path}`;
  const found = await readObjects(
    root,
    trees.flatMap((tree) => OWN_CONTENT_FILES.map((path) => name(tree, path))),
  );
  const edits = new Map<string, OwnEdit[]>();
  for (const tree of trees) {
    const mine: OwnEdit[] = [];
    for (const path of OWN_CONTENT_FILES) {
      const object = found.get(name(tree, path));
      if (object?.type !== 'blob') continue;
      const bound = boundOwnContent(path, object.bytes.toString('utf8'), rules);
      if (bound !== undefined) mine.push({ path, bound });
    }
    if (mine.length > 0) edits.set(tree, mine);
  }
  return edits;
}

async function prefixOf(root: string): Promise<string> {
  const { top } = await findRepositoryPaths(root);
  const rel = relative(top, root).split(sep).join('/');
  return rel === '' ? '' : `${rel}/`;
}

/** Whether a file that may hold proofgate's own lines is on disk under `root` (else none is bound). */
export function hasOwnContentFiles(root: string): boolean {
  return OWN_CONTENT_FILES.some((path) => existsSync(join(root, ...path.split('/'))));
}

/** `tree` with proofgate's own lines taken out of the files holding them; `tree` when none does. */
export async function bindOwnContent(
  root: string,
  tree: string,
  rules: OwnContentRules,
): Promise<string> {
  return (await bindOwnContentOf(root, [tree], rules)).get(tree) ?? tree;
}

/** Each of `trees` (trees or commits) with proofgate's own lines taken out, by the name given. */
export async function bindOwnContentOf(
  root: string,
  trees: readonly string[],
  rules: OwnContentRules,
): Promise<Map<string, string>> {
  const prefix = await prefixOf(root);
  const bound = new Map(trees.map((t) => [t, t]));
  for (const [tree, edits] of await findEdits(root, prefix, trees, rules))
    bound.set(tree, await rewrite(root, prefix, tree, edits));
  return bound;
}

function rewrite(root: string, prefix: string, tree: string, edits: readonly OwnEdit[]) {
  return withTreeIndex(root, tree, async (index) => {
    for (const { path, bound } of edits) {
      if (bound === null) {
        await removeFromIndex(index, [path]);
        continue;
      }
      // keep the entry's mode; only its blob changes
      const record = (await listStaged(index, [path])).toString('utf8');
      const mode = /^([0-7]{6}) /.exec(record)?.[1] ?? '100644';
      const id = await storeBlob(index, Buffer.from(bound, 'utf8'));
      await fillIndex(index, Buffer.from(`${mode} ${id} 0\t${prefix}${path}\0`, 'utf8'));
    }
    return writeIndexTree(index);
  });
}

/**
 * `paths` (changed between `from` and the bound tree `to`) without the own-content files whose
 * only difference is proofgate's own lines: `from`'s file bound by the same rule is `to`'s.
 */
export async function withoutOwnChanges(
  root: string,
  from: string,
  to: string,
  paths: readonly string[],
  rules: OwnContentRules,
): Promise<string[]> {
  const own = paths.filter((p) => (OWN_CONTENT_FILES as readonly string[]).includes(p));
  if (own.length === 0) return [...paths];
  const prefix = await prefixOf(root);
  const name = (tree: string, path: string): string => `${tree}:${prefix}${path}`;
  const found = await readObjects(
    root,
    own.flatMap((p) => [name(from, p), name(to, p)]),
  );
  const same = new Set(
    own.filter((path) => {
      const before = found.get(name(from, path));
      const after = found.get(name(to, path));
      const text = before?.type === 'blob' ? before.bytes.toString('utf8') : undefined;
      const bound = text === undefined ? null : boundOwnContent(path, text, rules);
      const was = bound === undefined ? text : bound;
      const now = after?.type === 'blob' ? after.bytes.toString('utf8') : null;
      return (was ?? null) === now;
    }),
  );
  return paths.filter((p) => !same.has(p));
}
