// Decisions recorded in an owner's name count only when the owner signed them, if the owner can:
// a control marked not applicable by an authority that has a registered key (under the deciding
// rules) is NOT_APPLICABLE only while a `note` of type not_applicable_decision, signed by that
// key, names the control and the exact decision (`adopt --not-applicable` records it). Keys apply
// forward: the unsigned note an owner without a key recorded keeps counting once a key entry of
// the owner was written after it. Without either the decision is not counted: the control blocks
// as TODO with the command that signs it.
// Pure.
import { signingIdsOf } from '../../ledger/keyless.ts';
import { digestJson } from '../../hash.ts';
import type { StoredEntry } from '../../ledger/types.ts';
import { LedgerOrder } from '../../ledger/ledger-order.ts';
import type { Control, Manifest } from '../../plane/types.ts';
import type { ControlStatus } from '../status/compute-status.ts';
import type { StageStatus } from '../status/stage-status.ts';
import { nextCommand } from '../../next/next-table.ts';

export const NOT_APPLICABLE_NOTE_TYPE = 'not_applicable_decision';

/** The body of the signed note that records a not-applicable decision. */
export interface NotApplicableBody {
  type: typeof NOT_APPLICABLE_NOTE_TYPE;
  control: string;
  /** notApplicableDigest of the control's decision as written in the registry. */
  digest: string;
  rationale: string;
}

/** What a signed decision names: the control id and its `applies` mapping, exactly. */
export function notApplicableDigest(control: Pick<Control, 'id' | 'applies'>): string {
  return digestJson({ control: control.id, applies: control.applies });
}

/**
 * Whether `authority` has a key or a keyless identity registered in `manifest` (its decisions
 * must then be signed).
 */
export function hasRegisteredKey(authority: string, manifest: Manifest): boolean {
  const found = manifest.authorities.find((a) => a.id === authority);
  return found !== undefined && signingIdsOf(found).length > 0;
}

/**
 * Keys apply forward: whether a key entry of `authority` was written after the entry `hash` (the
 * key entry's writer had seen it). Such an unsigned decision stays valid, counted as unsigned
 * (never as signed); an unsigned entry written after the key entry fails verify (exit 3), and a
 * decision cannot be back-dated under a key entry already written (the chain names what it saw).
 */
export function writtenBeforeKey(
  hash: string,
  authority: string,
  entries: readonly StoredEntry[],
  order: Pick<LedgerOrder, 'isBefore'> = new LedgerOrder(entries),
): boolean {
  return entries.some(
    (e) =>
      e.entry.kind === 'key' &&
      e.entry.actor.authority === authority &&
      order.isBefore(hash, e.hash),
  );
}

/** Whether the entry's actor signed with a key or identity `manifest` registers to its authority. */
export function signedByOwnKey(actor: StoredEntry['entry']['actor'], manifest: Manifest): boolean {
  const authority = manifest.authorities.find((a) => a.id === actor.authority);
  return (
    actor.keyid !== undefined &&
    authority !== undefined &&
    signingIdsOf(authority).includes(actor.keyid)
  );
}

/**
 * The decisions that count for a keyed owner: signed by its key, or (keys apply forward) unsigned
 * and written before one of its key entries, which count as the unsigned decisions they were.
 */
function signedDecisions(entries: readonly StoredEntry[], manifest: Manifest): Set<string> {
  const signed = new Set<string>();
  let order: LedgerOrder | undefined;
  for (const stored of entries) {
    const { entry } = stored;
    if (entry.kind !== 'note' || entry.body['type'] !== NOT_APPLICABLE_NOTE_TYPE) continue;
    const { control, digest } = entry.body;
    if (typeof control !== 'string' || typeof digest !== 'string') continue;
    const counts =
      signedByOwnKey(entry.actor, manifest) ||
      (entry.actor.keyid === undefined &&
        writtenBeforeKey(
          stored.hash,
          entry.actor.authority,
          entries,
          (order ??= new LedgerOrder(entries)),
        ));
    if (counts) signed.add(`${entry.actor.authority}\0${control}\0${digest}`);
  }
  return signed;
}

/** The command that records the decision again, signed by its owner's key. */
export function signDecisionCommand(control: Control): string {
  const command = nextCommand('adoptNotApplicableBy', {
    control: control.id,
    why: control.applies.rationale ?? 'why',
    owner: control.applies.owner,
  });
  return `${command} (with PROOFGATE_KEY_DIR holding that authority's key)`;
}

/**
 * The statuses with every NOT_APPLICABLE whose keyed owner signed no matching decision turned
 * into TODO at every stage, saying why and how to sign it.
 */
export function withSignedDecisions(
  statuses: readonly ControlStatus[],
  controls: readonly Control[],
  manifest: Manifest,
  entries: readonly StoredEntry[],
): ControlStatus[] {
  let signed: Set<string> | undefined;
  const byId = new Map(controls.map((c) => [c.id, c]));
  return statuses.map((status) => {
    const control = byId.get(status.control);
    const owner = control?.applies.owner;
    if (status.status !== 'NOT_APPLICABLE' || control === undefined || owner === undefined)
      return status;
    if (!hasRegisteredKey(owner, manifest)) return status;
    signed ??= signedDecisions(entries, manifest);
    if (signed.has(`${owner}\0${control.id}\0${notApplicableDigest(control)}`)) return status;
    const reason = `marked not applicable in the name of ${owner}, which has a registered key, but no decision signed with it names this control and rationale: not counted`;
    const next = signDecisionCommand(control);
    const stages = Object.fromEntries(
      Object.entries(status.stages).map(([stage, st]) => [
        stage,
        { ...st, status: 'TODO', reason, next } satisfies StageStatus,
      ]),
    ) as ControlStatus['stages'];
    return { ...status, status: 'TODO', reason, stages };
  });
}
