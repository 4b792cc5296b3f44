// The Stop hook's ledger notes. Every stop the hook blocks on a refused claim appends a
// `hook-block` note; the stop let through after BLOCK_CAP of them appends an `unproven-stop` note.
// The loop count is read from these notes, never from a file the agent can edit: a ledger line
// cannot be changed or removed without `verify` failing, and each note it adds is on record.
// An unproven stop stays on display (status, claim, report) until a granted claim covering its
// controls comes after it in ledger order.
import type { LedgerOrder } from '../ledger/ledger-order.ts';
import type { StoredEntry } from '../ledger/types.ts';

export const HOOK_NOTE_TYPES = ['hook-block', 'unproven-stop'] as const;
export type HookNoteType = (typeof HOOK_NOTE_TYPES)[number];

export interface HookNoteBody {
  type: HookNoteType;
  /** The agent's session id ('' when the payload named none). */
  session: string;
  event: 'Stop' | 'SubagentStop';
  /** The payload's stop_hook_active: false starts a new chain of blocks. */
  active: boolean;
  /** Digest of the subject bindings the claim was refused on. */
  subject: string;
  /** The refused claim's controls. */
  controls: string[];
  /** One line per blocker, e.g. `unit [self] STALE` (at most MAX_BLOCKERS, then a count). */
  blockers: string[];
  /** unproven-stop: the blocks recorded before it in its chain. */
  blocks?: number;
  /**
   * The session transcript's part in the decision: its sha256 and the honest-completion findings
   * (rule, the quoted sentence, the call it rests on), or why it could not be judged. Never the
   * transcript itself.
   */
  transcript?: NoteTranscript;
}

export interface NoteTranscript {
  sha256?: string;
  findings: { rule: string; quote: string; callId?: string }[];
  problem?: string;
}

const MAX_BLOCKERS = 12;

/** Blocker lines as a note keeps them: bounded, the rest counted. */
export function noteBlockers(lines: readonly string[]): string[] {
  if (lines.length <= MAX_BLOCKERS) return [...lines];
  return [...lines.slice(0, MAX_BLOCKERS), `… and ${lines.length - MAX_BLOCKERS} more`];
}

function hookNote(stored: StoredEntry): HookNoteBody | undefined {
  if (stored.entry.kind !== 'note') return undefined;
  const body = stored.entry.body as Partial<Record<keyof HookNoteBody, unknown>>;
  if (!(HOOK_NOTE_TYPES as readonly unknown[]).includes(body.type)) return undefined;
  const strings = (v: unknown): string[] =>
    Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
  return {
    type: body.type as HookNoteType,
    session: typeof body.session === 'string' ? body.session : '',
    event: body.event === 'SubagentStop' ? 'SubagentStop' : 'Stop',
    active: body.active === true,
    subject: typeof body.subject === 'string' ? body.subject : '',
    controls: strings(body.controls),
    blockers: strings(body.blockers),
    ...(typeof body.blocks === 'number' ? { blocks: body.blocks } : {}),
  };
}

function inOrder(entries: readonly StoredEntry[], order: LedgerOrder): StoredEntry[] {
  return order.sort(entries);
}

export interface ChainKey {
  session: string;
  event: 'Stop' | 'SubagentStop';
  subject: string;
}

/**
 * The blocks already recorded in the current chain of this session and event: the trailing
 * hook-block notes on the same subject, back to (and including) the one that started the chain
 * (stop_hook_active false), stopping at an unproven stop or at a block on other code.
 */
export function countChain(
  entries: readonly StoredEntry[],
  order: LedgerOrder,
  key: ChainKey,
): number {
  const notes = inOrder(entries, order)
    .map(hookNote)
    .filter((n) => n !== undefined && n.session === key.session && n.event === key.event);
  let count = 0;
  for (let i = notes.length - 1; i >= 0; i--) {
    const note = notes[i]!;
    if (note.type === 'unproven-stop' || note.subject !== key.subject) break;
    count += 1;
    if (!note.active) break;
  }
  return count;
}

export interface UnprovenStop {
  /** Hash of the unproven-stop note. */
  entry: string;
  time: string;
  session: string;
  event: 'Stop' | 'SubagentStop';
  controls: string[];
  blockers: string[];
  /** The line status, claim and the report show. */
  warning: string;
}

/** Unproven stops no granted claim covering their controls has come after (ledger order). */
export function findUnprovenStops(
  entries: readonly StoredEntry[],
  order: LedgerOrder,
): UnprovenStop[] {
  const claims = entries.filter((s) => s.entry.kind === 'claim');
  const open: UnprovenStop[] = [];
  for (const stored of inOrder(entries, order)) {
    const note = hookNote(stored);
    if (note?.type !== 'unproven-stop') continue;
    const superseded = claims.some(
      (claim) => order.isBefore(stored.hash, claim.hash) && covers(claim, note.controls),
    );
    if (superseded) continue;
    const stop = {
      entry: stored.hash,
      time: stored.entry.time,
      session: note.session,
      event: note.event,
      controls: note.controls,
      blockers: note.blockers,
    };
    open.push({ ...stop, warning: describeUnprovenStop(stop) });
  }
  return open;
}

function covers(claim: StoredEntry, controls: readonly string[]): boolean {
  const body = claim.entry.body;
  if (body['scope'] === 'project' || body['scope'] === 'release') return true;
  const claimed = Array.isArray(body['controls']) ? body['controls'] : [];
  return controls.every((c) => claimed.includes(c));
}

/** The one-line warning status, claim and the report show for an unproven stop. */
function describeUnprovenStop(stop: Omit<UnprovenStop, 'warning'>): string {
  const session = stop.session === '' ? 'an unnamed session' : `session ${stop.session}`;
  const blockers = stop.blockers.length === 0 ? 'no blocker recorded' : stop.blockers.join('; ');
  const text = `unproven stop at ${stop.time} in ${session} (${stop.event}, entry ${stop.entry.slice(0, 12)}): ${blockers}`;
  return text.length <= 400 ? text : `${text.slice(0, 399)}…`;
}
