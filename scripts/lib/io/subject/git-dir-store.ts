// A small JSON store in a worktree's git dir (never the working tree): `{ format, entries }`, the
// newest entry first, a bounded number kept. The subject cache, the links listing and the HEAD
// trees a STALE cause is worded with keep their answers so (subject-cache.ts, links-cache.ts,
// commit-subject.ts). Anything that does not parse, has another format
// or holds a malformed entry reads as no entries; a failed write only costs a recomputation.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface GitDirStore<T> {
  /** File name in the git dir. */
  name: string;
  format: string;
  keep: number;
  /** Whether a parsed value is a well-formed entry. */
  isEntry: (value: unknown) => value is T;
}

/** An object id (sha1 or sha256). */
export const OBJECT_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

export function readStore<T>(gitDir: string, store: GitDirStore<T>): T[] {
  try {
    const parsed = JSON.parse(readFileSync(join(gitDir, store.name), 'utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return [];
    const { format, entries } = parsed as { format?: unknown; entries?: unknown };
    if (format !== store.format || !Array.isArray(entries)) return [];
    return entries.filter(store.isEntry);
  } catch {
    return [];
  }
}

/** Writes `entries` (newest first), keeping the first `store.keep`. */
export function writeStore<T>(gitDir: string, store: GitDirStore<T>, entries: readonly T[]): void {
  const path = join(gitDir, store.name);
  const temp = `${path}.${process.pid}.tmp`;
  try {
    const kept = entries.slice(0, store.keep);
    writeFileSync(temp, `${JSON.stringify({ format: store.format, entries: kept })}\n`);
    renameSync(temp, path);
  } catch {
    // read-only git dir, disk full: the store is an optimisation only
  }
}

interface KeyedTree {
  key: string;
  tree: string;
}

/** A store of tree ids by key: the latest `keep` kept, a key stored again moves to the front. */
export function keyedTrees(name: string, format: string, keep: number) {
  const store: GitDirStore<KeyedTree> = {
    name,
    format,
    keep,
    isEntry: (e): e is KeyedTree =>
      typeof e === 'object' &&
      e !== null &&
      typeof (e as KeyedTree).key === 'string' &&
      typeof (e as KeyedTree).tree === 'string' &&
      OBJECT_ID.test((e as KeyedTree).tree),
  };
  return {
    lookup: (gitDir: string, key: string): string | undefined =>
      readStore(gitDir, store).find((entry) => entry.key === key)?.tree,
    /** Records `tree` for `key`; a failure to write only costs a recomputation. */
    record: (gitDir: string, key: string, tree: string): void => {
      const others = readStore(gitDir, store).filter((e) => e.key !== key);
      writeStore(gitDir, store, [{ key, tree }, ...others]);
    },
  };
}
