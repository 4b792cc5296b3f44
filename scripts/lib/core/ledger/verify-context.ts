// The key and seal entries the streaming verifier must know before its pass: found by searching
// each line's bytes for the exact top-level spelling of those kinds (a body string would escape
// the quotes), and decoding only the lines that match. Pure.
import { sha256Hex } from '../hash.ts';
import { decodeLine } from './parse-ledger.ts';
import type { LedgerFinding, LocatedEntry } from './types.ts';

/** How a key or seal entry spells its kind; readers may search for these chunk by chunk. */
export const CONTEXT_MARKERS = ['"kind":"key"', '"kind":"seal"'].map((m) => Buffer.from(m, 'utf8'));
const SHORTEST = Math.min(...CONTEXT_MARKERS.map((m) => m.length));

/** Key and seal entries kept for one run; a ledger with more is refused with a finding. */
export const MAX_CONTEXT_ENTRIES = 4096;

export class ContextCollector {
  readonly entries: LocatedEntry[] = [];
  readonly findings: LedgerFinding[] = [];

  /** Looks at line `index` of a segment; keeps it when it is a key or seal entry. */
  consider(line: Uint8Array, segment: string, file: string, index: number): void {
    if (line.length < SHORTEST) return;
    const bytes = Buffer.from(line.buffer, line.byteOffset, line.byteLength);
    if (!CONTEXT_MARKERS.some((marker) => bytes.includes(marker))) return;
    const { entry } = decodeLine(bytes);
    if (entry?.kind !== 'key' && entry?.kind !== 'seal') return;
    if (this.entries.length >= MAX_CONTEXT_ENTRIES) {
      if (this.findings.length === 0) {
        this.findings.push({
          file,
          line: index + 1,
          code: entry.kind === 'key' ? 'KEY_ENTRY_INVALID' : 'SEAL_INVALID',
          message: `more than ${MAX_CONTEXT_ENTRIES} key and seal entries: the rest cannot be checked in bounded memory`,
        });
      }
      return;
    }
    this.entries.push({ entry, segment, file, index, hash: sha256Hex(bytes) });
  }
}
