// Looks up a few entries by hash in one pass over the ledger: a verdict names a handful of
// deciding entries, and indexing every entry of a large ledger for them costs more than the pass.
import type { StoredEntry } from '../../ledger/types.ts';

/** The stored entries named by `hashes` (the last one read when a hash repeats); absent ones left out. */
export function findEntries(
  entries: readonly StoredEntry[],
  hashes: Iterable<string>,
): Map<string, StoredEntry> {
  const wanted = new Set(hashes);
  const found = new Map<string, StoredEntry>();
  if (wanted.size === 0) return found;
  for (const stored of entries) if (wanted.has(stored.hash)) found.set(stored.hash, stored);
  return found;
}
