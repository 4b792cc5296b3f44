// Turns a caller's draft plus the position the appender found into the exact line to append.
import { UsageError } from '../errors.ts';
import { canonicalize } from '../shared/canonical.ts';
import { parseEntry } from './parse-entry.ts';
import { signEntry } from './sign-entry.ts';
import type { EntryDraft, EntryOrigin, LedgerEntry, Signer } from './types.ts';

export interface EntryPlacement {
  ledger: string;
  segment: string;
  seq: number;
  /** Hash of the segment's last line; null for a new segment. */
  prev: string | null;
  /** Segment → head hash of every segment the writer saw (including its own, when non-empty). */
  heads: Record<string, string>;
  /** The writing clone and host, recorded in `actor.origin`. */
  origin?: EntryOrigin;
}

export interface BuiltEntry {
  entry: LedgerEntry;
  /** canonicalize(entry), without the newline. */
  line: string;
}

/** Builds, signs and checks an entry; a draft that would not verify is refused (exit 2). */
export function buildEntry(
  draft: EntryDraft,
  placement: EntryPlacement,
  signer?: Signer,
): BuiltEntry {
  const objects = [...new Set(draft.objects ?? [])].sort();
  let entry: LedgerEntry = {
    v: 1,
    kind: draft.kind,
    ledger: placement.ledger,
    segment: placement.segment,
    seq: placement.seq,
    prev: placement.prev,
    ...(draft.merge === undefined || draft.merge.length === 0 ? {} : { merge: draft.merge }),
    time: draft.time,
    actor: {
      label: draft.actor.label,
      authority: draft.actor.authority,
      context: draft.actor.context,
      ...(placement.origin === undefined ? {} : { origin: placement.origin }),
    },
    subject: draft.subject,
    storage: { heads: placement.heads, objects },
    body: draft.body,
  };
  if (signer !== undefined) entry = signEntry(entry, signer);
  return checked(entry, draft.kind, placement);
}

/** The entry (built with `actor.keyid` = the identity id) with its keyless signature's bundle. */
export function attachKeyless(
  entry: LedgerEntry,
  bundle: string,
  placement: EntryPlacement,
): BuiltEntry {
  const keyid = entry.actor.keyid ?? '';
  return checked({ ...entry, sigs: [{ keyid, bundle }] }, entry.kind, placement);
}

function checked(entry: LedgerEntry, kind: string, placement: EntryPlacement): BuiltEntry {
  const line = canonicalize(entry);
  const { problems } = parseEntry(JSON.parse(line));
  if (problems.length > 0) {
    throw new UsageError('BAD_INPUT', `refusing to append a malformed ${kind} entry`, {
      where: `segment ${placement.segment}, seq ${placement.seq}`,
      problems,
      expected: 'an entry matching controls/schema/ledger-entry.schema.json',
      next: 'fix the caller that built this draft; nothing was written',
    });
  }
  return { entry, line };
}
