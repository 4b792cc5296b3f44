// The installed skill folders (.claude/skills/proofgate/, .agents/skills/proofgate/) are proofgate's
// own files, not the project's: a file there is left out of the subject tree only while its bytes
// are exactly what this proofgate version installs. Anything that differs (an edit, another
// version's page, a file the package does not ship) is bound like any other file, so nothing can
// hide there. Read from the working tree for the current subject, from a commit's blobs for a
// commit's subject (the same rule applied to the commit's own bytes).
import { createHash } from 'node:crypto';
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SubjectScope } from '../../core/binding/build-subject.ts';
import { SKILL_DIRS } from '../../core/skill/plan-skill-install.ts';
import { listTreeFiles } from '../git.ts';
import { readPackageSkillFiles } from '../hook/skill-files.ts';

let packageFiles: { rel: string; bytes: Buffer }[] | undefined;

/** The package's skill files as bytes, read once per process; none when they cannot be read. */
function skillFiles(): { rel: string; bytes: Buffer }[] {
  if (packageFiles === undefined) {
    try {
      packageFiles = readPackageSkillFiles().map((f) => ({
        rel: f.rel,
        bytes: Buffer.from(f.text, 'utf8'),
      }));
    } catch {
      // Without the package's files nothing is known to be proofgate's: everything is bound.
      packageFiles = [];
    }
  }
  return packageFiles;
}

/** Every path (relative to the root) where an installed skill file would be. */
function skillPaths(): { path: string; bytes: Buffer }[] {
  return Object.values(SKILL_DIRS).flatMap((dir) =>
    skillFiles().map((f) => ({ path: `${dir}/${f.rel}`, bytes: f.bytes })),
  );
}

function sameFile(root: string, path: string, bytes: Buffer): boolean {
  const full = join(root, ...path.split('/'));
  try {
    // A symlink or a directory is never the installed file, whatever it points at.
    const stat = lstatSync(full);
    return stat.isFile() && stat.size === bytes.length && readFileSync(full).equals(bytes);
  } catch {
    return false;
  }
}

/** The installed skill files under `root` that are byte-identical to this version's. */
export function installedSkillExcludes(root: string): string[] {
  // No skill folder, nothing installed: the package's pages need not be read at all.
  const present = Object.values(SKILL_DIRS).some(
    (dir) => lstatSync(join(root, ...dir.split('/')), { throwIfNoEntry: false }) !== undefined,
  );
  if (!present) return [];
  return skillPaths()
    .filter((f) => sameFile(root, f.path, f.bytes))
    .map((f) => f.path);
}

function blobId(bytes: Buffer, algorithm: 'sha1' | 'sha256'): string {
  return createHash(algorithm).update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** The skill files in `commit` (a full id) whose blob is this version's file, from `root`. */
export async function committedSkillExcludes(root: string, commit: string): Promise<string[]> {
  const algorithm = commit.length === 64 ? 'sha256' : 'sha1';
  const expected = new Map(skillPaths().map((f) => [f.path, blobId(f.bytes, algorithm)]));
  if (expected.size === 0) return [];
  const listed = await listTreeFiles(
    root,
    commit,
    Object.values(SKILL_DIRS).map((d) => `${d}/`),
  );
  const found: string[] = [];
  for (const { mode, type, id, path } of listed ?? []) {
    // only regular files (100644; 100755 is not what install writes)
    if (mode === '100644' && type === 'blob' && expected.get(path) === id) found.push(path);
  }
  return found.sort();
}

/** `scope` with `skill` (installed skill files) left out as well. */
export function withSkillExcludes(scope: SubjectScope, skill: readonly string[]): SubjectScope {
  if (skill.length === 0) return scope;
  return { ...scope, excludes: [...new Set([...scope.excludes, ...skill])].sort() };
}
