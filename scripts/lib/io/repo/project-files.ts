// The project's files for resolving a control's reach (core/reach/): read on disk, or at a commit
// with one `git cat-file --batch` (`<commit>:./<path>`, relative to the root); listed with git.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileText } from '../../core/reach/reach.ts';
import { listGitignoreVisible, listTreeFiles, readObjects, type CatObject } from '../git.ts';

export async function listProjectFiles(root: string, commit?: string): Promise<string[]> {
  if (commit !== undefined) {
    const entries = await listTreeFiles(root, commit, ['.']).catch(() => undefined);
    return (entries ?? []).map((e) => e.path);
  }
  const listed = await listGitignoreVisible(root, []).catch(() => ({ failed: 'git failed' }));
  return 'paths' in listed ? [...new Set(listed.paths)] : [];
}

export async function readProjectFiles(
  root: string,
  paths: readonly string[],
  commit?: string,
): Promise<Map<string, FileText>> {
  if (commit !== undefined) {
    const names = paths.map((p) => `${commit}:./${p}`);
    const objects = await readObjects(root, names).catch(() => new Map<string, CatObject>());
    return new Map(
      paths.map((p, i): [string, FileText] => {
        const found = objects.get(names[i] ?? '');
        if (found === undefined) return [p, { absent: true }];
        return found.type === 'blob'
          ? [p, { text: found.bytes.toString('utf8') }]
          : [p, { unreadable: `a ${found.type} at ${commit.slice(0, 12)}` }];
      }),
    );
  }
  const texts = await Promise.all(paths.map((p) => readOnDisk(join(root, p))));
  return new Map(paths.map((p, i) => [p, texts[i] ?? { absent: true }]));
}

async function readOnDisk(path: string): Promise<FileText> {
  try {
    return { text: await readFile(path, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { absent: true };
    if (code === 'EISDIR') return { unreadable: 'a directory' };
    return { unreadable: code ?? String(error) };
  }
}
