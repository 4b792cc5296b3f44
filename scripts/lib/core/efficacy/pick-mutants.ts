// Deterministic, seeded choice of mutation sites: every site is ranked by a hash of the seed and
// its position, so the same seed over the same code plants the same defects, and a new seed a
// different sample, without any global random state.
import { sha256Hex } from '../hash.ts';
import type { MutationSite } from './operators.ts';
import type { TreeLanguage } from './syntax-tree.ts';

export interface PickOptions {
  seed: number;
  /** At most this many sites are returned. */
  max: number;
}

/** Up to `max` sites chosen by seeded rank, returned in file and line order. */
export function pickMutants(sites: readonly MutationSite[], options: PickOptions): MutationSite[] {
  const ranked = sites.map((site) => ({
    site,
    rank: sha256Hex(`${options.seed}\0${site.file}\0${site.start}\0${site.operator}`),
  }));
  ranked.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  return ranked
    .slice(0, Math.max(0, options.max))
    .map((r) => r.site)
    .sort((a, b) => a.file.localeCompare(b.file) || a.start - b.start);
}

const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx|py|rs)$/;
const TEST_FILE = /(?:^|\/)(?:test|tests|__tests__)\/|\.(?:test|spec)\.[^/]+$/;
/**
 * Python's test modules (`test_x.py`, `x_test.py`, `conftest.py`), Rust's benches and examples, and
 * the build and packaging scripts no test exercises (`build.rs`, `setup.py`, `noxfile.py`).
 */
const TEST_LIKE =
  /(?:^|\/)(?:test_[^/]*\.py|[^/]*_test\.py|conftest\.py|setup\.py|noxfile\.py|build\.rs)$|(?:^|\/)(?:benches|examples)\/[^/]*\.rs$/;

/**
 * Whether a path is source the operators may mutate: JS/TS (not a declaration file), Python or
 * Rust, never a test.
 */
export function isMutableSource(path: string): boolean {
  return (
    SOURCE.test(path) && !path.endsWith('.d.ts') && !TEST_FILE.test(path) && !TEST_LIKE.test(path)
  );
}

/** The language whose operators read a syntax tree, for a `.py` or `.rs` path. */
export function treeLanguageOf(path: string): TreeLanguage | undefined {
  if (path.endsWith('.py')) return 'python';
  if (path.endsWith('.rs')) return 'rust';
  return undefined;
}
