// The texts of requirement files, from the working tree or from a commit (one `git cat-file
// --batch`). A file that is not there reads as undefined: the caller decides what that means.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readObjects } from '../git.ts';

/** Each repository-relative path's text at `commit`, or in the working tree when none is given. */
export async function readRequirementTexts(
  root: string,
  paths: readonly string[],
  commit?: string,
): Promise<Map<string, string | undefined>> {
  if (commit !== undefined) {
    const objects = await readObjects(
      root,
      paths.map((p) => `${commit}:${p}`),
    );
    return new Map(
      paths.map((p) => {
        const found = objects.get(`${commit}:${p}`);
        return [p, found?.type === 'blob' ? found.bytes.toString('utf8') : undefined];
      }),
    );
  }
  const texts = await Promise.all(
    paths.map(async (p) => {
      try {
        return await readFile(join(root, p), 'utf8');
      } catch {
        return undefined;
      }
    }),
  );
  return new Map(paths.map((p, i) => [p, texts[i]]));
}
