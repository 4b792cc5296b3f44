// A small JSON store in a worktree's git dir (never the working tree): `{ format, entries }`, the
// newest entry first, a bounded number kept. The subject cache and the links listing keep their
// answers so (subject-cache.ts, links-cache.ts). Anything that does not parse, has another format
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
