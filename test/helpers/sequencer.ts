// The order the suite's files start in: the longest first (vitest's own order runs one project
// after another, in name order, so the installed project's long files started last and ran on
// alone), one project's files together. vitest keeps a worker of a non-isolated project (fast, e2e)
// for the next file only when the next file in the queue is of the same project; otherwise it ends
// the worker, and the next file of that project starts a new one that imports the sources again.
// Sorted by length alone, fast and e2e files alternated in the queue and a full run started 75
// workers; grouped, 13. So the projects come one after another, the one with the
// longest file first, and each project's files longest first: its long files still start early
// and the short ones fill the end.
// How long a file takes is vitest's own record from an earlier run when this checkout has one,
// else test/file-seconds.json (measured on the two-core machine; regenerate it from a
// `vitest run --reporter=json` when files move), else a guess by project.
// Ordering only: a missing or stale figure never skips or fails a file.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const MEASURED = JSON.parse(
  readFileSync(new URL('../file-seconds.json', import.meta.url), 'utf8'),
) as Record<string, number>;

/** Seconds for a file never measured: e2e and installed files spawn the CLI, the others do not. */
const UNMEASURED: Record<string, number> = { installed: 60, e2e: 6, fast: 1 };

export class LongestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (spec: TestSpecification): number => {
      const path = relative(this.ctx.config.root, spec.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`);
      if (cached !== undefined && cached.duration > 0) return cached.duration / 1000;
      return MEASURED[path] ?? UNMEASURED[spec.project.name] ?? 1;
    };
    return Promise.resolve(longestFirstByProject(files, seconds));
  }
}

/** `files` one project after another (the longest file's project first), each longest first. */
export function longestFirstByProject<T extends { project: { name: string } }>(
  files: readonly T[],
  seconds: (file: T) => number,
): T[] {
  const weight = new Map(files.map((file) => [file, seconds(file)]));
  const longest = new Map<string, number>();
  for (const [file, s] of weight)
    longest.set(file.project.name, Math.max(longest.get(file.project.name) ?? 0, s));
  const byLength = (a: T, b: T): number => (weight.get(b) ?? 0) - (weight.get(a) ?? 0);
  const projectOf = (file: T): number => longest.get(file.project.name) ?? 0;
  return [...files].sort(
    (a, b) =>
      projectOf(b) - projectOf(a) || a.project.name.localeCompare(b.project.name) || byLength(a, b),
  );
}
