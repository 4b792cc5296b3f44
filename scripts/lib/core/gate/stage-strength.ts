// How strongly a stage's result shows independence. A label (authority id, execution context) is
// whatever the writer typed: the same person or machine is not excluded. Only a signature by a key
// the manifest registers to the actor's authority, and that is not the key of the reviewed result,
// shows that someone else acted. From engineering_ready up, cross and release stages count only
// when signed that way; at prototype a label is accepted and said to be one. Pure.
import { signingIdsOf } from '../ledger/keyless.ts';
import type { AuditStage, StoredEntry } from '../ledger/types.ts';
import { MATURITY_LEVELS } from '../plane/types.ts';
import type { Manifest, Maturity } from '../plane/types.ts';
import type { ResultRecord } from './index-results.ts';

export type Strength = 'signed' | 'label';

export const STRENGTH_TEXT: Record<Strength, string> = {
  signed: 'signed by a registered key not held by the actor',
  label: 'unsigned label (same person or machine not excluded)',
};

/** Whether labels stop counting for the stages other than self at `maturity`. */
export function needsSignedStages(maturity: Maturity): boolean {
  return MATURITY_LEVELS.indexOf(maturity) >= MATURITY_LEVELS.indexOf('engineering_ready');
}

export class StrengthJudge {
  private readonly owner = new Map<string, string>();
  private byHash: ReadonlyMap<string, StoredEntry> | undefined;
  private readonly entries: readonly StoredEntry[];

  constructor(manifest: Manifest | undefined, entries: readonly StoredEntry[]) {
    this.entries = entries;
    for (const authority of manifest?.authorities ?? []) {
      // Registered keys and declared Sigstore identities alike: neither is held by the actor.
      for (const id of signingIdsOf(authority)) this.owner.set(id, authority.id);
    }
  }

  /** The reviewed entry of an audit (indexed on the first signed audit only). */
  private find(hash: string): StoredEntry | undefined {
    this.byHash ??= new Map(this.entries.map((e) => [e.hash, e]));
    return this.byHash.get(hash);
  }

  /** Whether `authority` has a registered key its next results can be signed with. */
  hasKey(authority: string): boolean {
    return [...this.owner.values()].includes(authority);
  }

  /** The strength of one result: signed by its authority's registered key, not the reviewed key. */
  of(record: ResultRecord): Strength {
    const keyid = record.actor.keyid;
    if (keyid === undefined || this.owner.get(keyid) !== record.actor.authority) return 'label';
    const reviewed = record.audit === undefined ? undefined : this.find(record.audit.reviewed);
    if (reviewed?.entry.actor.keyid === keyid) return 'label';
    return 'signed';
  }

  /** Why label-only results of `stage` do not count at `maturity`. */
  static refusal(stage: AuditStage, maturity: Maturity, records: readonly ResultRecord[]): string {
    const who = [...new Set(records.map((r) => r.actor.authority))].join(', ');
    return `${records.length} ${stage} result(s) by ${who} do not count at ${maturity}: each is an ${STRENGTH_TEXT.label}; from engineering_ready up a ${stage} result must be ${STRENGTH_TEXT.signed} (proofgate keys generate --authority-id ${records[0]?.actor.authority ?? '<id>'}, then record the ${stage} result again)`;
  }
}
