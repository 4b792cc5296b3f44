// The hot script and code cache a dist/ ships, as bin/hot.js finds them: the one `hot-<hash>.js`
// and `hot-<hash>.cache` its build record names.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const HOT = new URL('../../bin/hot.js', import.meta.url).href;
const { hotFiles } = (await import(HOT)) as {
  hotFiles: (record: object) => { script?: string; cache?: string };
};

/** The names (in `dist`) of the hot script and cache; throws when the record does not name both. */
export function hotFilesIn(dist: string): { script: string; cache: string } {
  const record = JSON.parse(readFileSync(join(dist, '.digests.json'), 'utf8')) as object;
  const { script, cache } = hotFiles(record);
  if (script === undefined || cache === undefined)
    throw new Error(`the build record in ${dist} names no hot script and cache`);
  return { script, cache };
}
