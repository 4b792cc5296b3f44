// Where a seeded patch plants its defect, for the `survived` list of an efficacy entry: each file
// the unified diff changes with the first line of its first hunk in the new version.
import type { SurvivedMutant } from './efficacy-status.ts';

const NEW_FILE = /^\+\+\+ (?:b\/)?(.+?)\s*$/;
const HUNK = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/** One site per changed file, in diff order; a deleted file (`+++ /dev/null`) is named by its old path. */
export function listPatchSites(patch: string): SurvivedMutant[] {
  const sites: SurvivedMutant[] = [];
  let oldPath = '';
  let current: SurvivedMutant | undefined;
  for (const line of patch.split('\n')) {
    if (line.startsWith('--- ')) oldPath = line.slice(4).replace(/^a\//, '').trim();
    const file = NEW_FILE.exec(line);
    if (file?.[1] !== undefined) {
      const path = file[1] === '/dev/null' ? oldPath : file[1];
      current = { file: path, line: 0, operator: 'patch' };
      sites.push(current);
      continue;
    }
    const hunk = HUNK.exec(line);
    if (hunk?.[1] !== undefined && current !== undefined && current.line === 0) {
      current.line = Number(hunk[1]);
    }
  }
  return sites;
}
