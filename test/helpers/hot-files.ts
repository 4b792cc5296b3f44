// The hot script, its code cache and the prefetch script a dist/ ships, as bin/hot.js finds them:
// the one `hot-<hash>.js`, `hot-<hash>.cache` and `prefetch-<hash>.cjs` its build record names.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const HOT = new URL('../../bin/hot.js', import.meta.url).href;
const { hotFiles } = (await import(HOT)) as {
  hotFiles: (record: object) => { script?: string; cache?: string; prefetch?: string };
};

/** The names (in `dist`) of the hot files; throws when the record does not name all three. */
export function hotFilesIn(dist: string): { script: string; cache: string; prefetch: string } {
  const record = JSON.parse(readFileSync(join(dist, '.digests.json'), 'utf8')) as object;
  const { script, cache, prefetch } = hotFiles(record);
  if (script === undefined || cache === undefined || prefetch === undefined)
    throw new Error(`the build record in ${dist} names no hot script, cache and prefetch script`);
  return { script, cache, prefetch };
}
