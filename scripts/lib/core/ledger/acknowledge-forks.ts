// Forked positions: two writers that both believed they held the append lock read the same tail
// and appended the same seq with the same prev. The later line ("the twin") then fails the chain
// rule at its own line only (the writers after it chain from it). History is never rewritten to
// fix this: `verify --repair` records a `note` that copies the twin verbatim and names its file,
// line and hash; from then on the twin's seq and prev findings are acknowledged, and every other
// rule (shape, signature, references, objects) still applies to it. A line that merely repeats a
// seq with a different prev is not a fork but tampering, and stays a finding.
import type { ParsedLedger } from './parse-ledger.ts';
import type { LedgerEntry, StoredEntry } from './types.ts';

/** The body of a fork repair note. */
export const FORK_REPAIR = 'duplicate-position';

interface ForkedLine {
  file: string;
  segment: string;
  /** 1-based line of the twin (the later of the two lines with one position). */
  line: number;
  seq: number;
  hash: string;
}

/** Every twin line in the checked regions: same seq and same prev as the line just before it. */
export function findForkedLines(parsed: ParsedLedger): ForkedLine[] {
  const forks: ForkedLine[] = [];
  for (const segment of parsed.segments) {
    segment.entries.forEach((entry, i) => {
      const before = i === 0 ? undefined : segment.entries[i - 1];
      if (entry === undefined || before === undefined) return;
      if (entry.seq !== before.seq || entry.prev !== before.prev) return;
      forks.push({
        file: segment.snapshot.file,
        segment: segment.snapshot.name,
        line: segment.start + i + 1,
        seq: entry.seq,
        hash: segment.hashes[i]!,
      });
    });
  }
  return forks;
}

export const forkKey = (file: string, line: number, hash: string): string =>
  `${file}:${line}:${hash}`;

/** Forks already recorded by a repair note: `file:line:hash`. */
export function acknowledgedForks(entries: readonly StoredEntry[]): Set<string> {
  const keys = new Set<string>();
  for (const { entry } of entries) {
    const key = acknowledgedFork(entry);
    if (key !== undefined) keys.add(key);
  }
  return keys;
}

/** The fork a repair note acknowledges, as `file:line:hash`, or undefined for any other entry. */
export function acknowledgedFork(entry: LedgerEntry): string | undefined {
  const body = entry.body as Record<string, unknown>;
  if (entry.kind !== 'note' || body['repair'] !== FORK_REPAIR) return undefined;
  const { file, line, line_sha256: hash } = body;
  if (typeof file === 'string' && typeof line === 'number' && typeof hash === 'string')
    return forkKey(file, line, hash);
  return undefined;
}
