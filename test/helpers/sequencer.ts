// The order the suite's files start in: the longest first, across the three projects (vitest's own
// order runs one project after another, in name order, so the installed project's long files
// started last and ran on alone). How long a file takes is vitest's own record from an earlier
// run when this checkout has one, else test/file-seconds.json (measured on the two-core machine;
// regenerate it from a `vitest run --reporter=json` when files move), else a guess by project.
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
    const weight = new Map(files.map((spec) => [spec, seconds(spec)]));
    return Promise.resolve([...files].sort((a, b) => (weight.get(b) ?? 0) - (weight.get(a) ?? 0)));
  }
}
