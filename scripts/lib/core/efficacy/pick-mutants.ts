// Deterministic, seeded choice of mutation sites: every site is ranked by a hash of the seed and
// its position, so the same seed over the same code plants the same defects, and a new seed a
// different sample, without any global random state.
import { sha256Hex } from '../hash.ts';
import type { MutationSite } from './operators.ts';

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

const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const TEST_FILE = /(?:^|\/)(?:test|tests|__tests__)\/|\.(?:test|spec)\.[^/]+$/;

/** Whether a path is JS/TS source the operators may mutate (not a declaration file, not a test). */
export function isMutableSource(path: string): boolean {
  return SOURCE.test(path) && !path.endsWith('.d.ts') && !TEST_FILE.test(path);
}
