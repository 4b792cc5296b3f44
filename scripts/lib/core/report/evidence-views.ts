// Evidence objects as the report embeds them: bounded (a few KiB per object, a budget for the
// page), redacted again by token shape (the stored review copies are already redacted when they
// are written; this guards older or imported objects), and labelled when they are empty, binary,
// missing or corrupt, so "see evidence e3b0c4…" never hides a 0-byte output. Pure.
import { redactText } from '../redact/redact.ts';
import type { StoredEntry } from '../ledger/types.ts';
import type { EvidenceObject } from './collect-trace-findings.ts';

export type EvidenceView =
  | { state: 'text'; bytes: number; text: string; isCut: boolean }
  | { state: 'empty' | 'binary' | 'missing' | 'corrupt' | 'not-embedded'; bytes: number };

/** Bytes shown of one object; the rest is cut with a note. */
export const OBJECT_SHOWN_BYTES = 4096;
/** Bytes of object text embedded in one page; later objects are only named. */
export const EVIDENCE_BUDGET_BYTES = 512 * 1024;

const decoder = new TextDecoder('utf-8', { fatal: true });

function isBinary(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return true;
  try {
    decoder.decode(bytes);
    return false;
  } catch {
    // A cut multi-byte character at the end is still text.
    try {
      decoder.decode(bytes.subarray(0, Math.max(0, bytes.length - 3)));
      return false;
    } catch {
      return true;
    }
  }
}

function viewOf(object: EvidenceObject | undefined, budget: { left: number }): EvidenceView {
  if (object === undefined) return { state: 'not-embedded', bytes: 0 };
  if (object === 'missing' || object === 'corrupt') return { state: object, bytes: 0 };
  if (object.length === 0) return { state: 'empty', bytes: 0 };
  const shown = object.subarray(0, Math.min(OBJECT_SHOWN_BYTES, object.length));
  if (isBinary(shown)) return { state: 'binary', bytes: object.length };
  if (budget.left < shown.length) return { state: 'not-embedded', bytes: object.length };
  budget.left -= shown.length;
  const text = redactText(new TextDecoder().decode(shown), { secrets: [], roots: [] });
  return { state: 'text', bytes: object.length, text, isCut: shown.length < object.length };
}

/** The digests whose bytes the page may embed: every object of the entries shown. */
export function shownObjects(entries: readonly StoredEntry[]): string[] {
  return [...new Set(entries.flatMap((e) => e.entry.storage.objects))];
}

/** One view per object of `entries`, in entry order, within the page budget. */
export function evidenceViews(
  entries: readonly StoredEntry[],
  objects: ReadonlyMap<string, EvidenceObject>,
): Map<string, EvidenceView> {
  const budget = { left: EVIDENCE_BUDGET_BYTES };
  const views = new Map<string, EvidenceView>();
  for (const digest of shownObjects(entries))
    views.set(digest, viewOf(objects.get(digest), budget));
  return views;
}
