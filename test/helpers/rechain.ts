// The forgery an unsigned ledger cannot stop by itself: edit one old line and recompute every later
// line's prev (and the own-segment head it repeats), so the chain is consistent again.
import { readFileSync, writeFileSync } from 'node:fs';
import { sha256Hex } from '../../scripts/lib/core/hash.ts';
import { canonicalize } from '../../scripts/lib/core/shared/canonical.ts';

type Entry = Record<string, unknown> & {
  segment: string;
  prev: string | null;
  storage: { heads: Record<string, string> };
};

/** Applies `change` to line `index` (0-based) of `file` and re-chains every later line. */
export function rewriteAndRechain(
  file: string,
  index: number,
  change: (entry: Record<string, unknown>) => void,
): void {
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const edited = JSON.parse(lines[index]!) as Entry;
  change(edited);
  lines[index] = canonicalize(edited);
  for (let i = index + 1; i < lines.length; i++) {
    const entry = JSON.parse(lines[i]!) as Entry;
    entry.prev = sha256Hex(lines[i - 1]!);
    entry.storage.heads[entry.segment] = entry.prev;
    lines[i] = canonicalize(entry);
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
}
