// Public data the tests read but this repository does not commit (traces, schemas and bundles
// written by other people): it lives in `shared/fixtures/` beside the checkout, as CI clones it.
// Without it a test cannot say anything, so in CI it fails; elsewhere it is skipped, loudly.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const REPO = join(import.meta.dirname, '..', '..');
const SHARED_FIXTURES = join(REPO, '..', 'shared', 'fixtures');

export interface SharedFixture {
  /** Absolute path of the fixture, whether or not it is there. */
  path: string;
  /** True when the fixture is absent outside CI: the tests that need it skip. */
  isMissing: boolean;
}

/** CI=true (or any value but empty, 0 or false), as CI services set it. */
function isCi(): boolean {
  const ci = process.env['CI'];
  return ci !== undefined && !['', '0', 'false'].includes(ci.toLowerCase());
}

/**
 * The shared fixture at `name` (a path under shared/fixtures/). When it is absent: with `CI` set
 * this throws (the test file fails, saying what is missing); otherwise it warns and reports it
 * missing, so the caller skips (`describe.skipIf(fixture.isMissing)`).
 */
export function sharedFixture(name: string): SharedFixture {
  const path = join(SHARED_FIXTURES, name);
  if (existsSync(path)) return { path, isMissing: false };
  const why = `shared fixture ${name} is missing: expected at ${path} (a clone of the shared fixtures beside the checkout)`;
  if (isCi()) throw new Error(`${why}; CI is set, so this fails instead of skipping`);
  console.warn(`\n*** SKIPPED: ${why}. The tests that read it did not run. ***\n`);
  return { path, isMissing: true };
}
