// How strongly a stage's result shows independence. A label (authority id, execution context) is
// whatever the writer typed: the same person or machine is not excluded. A signature says only
// what is known of its signer: keyless by a declared Sigstore identity, or by a key the manifest
// registers to the actor's authority (where that registration came from is io/keys/key-provenance.ts).
// A key-signed result written from the clone of a result it reviews shows no one else acted: the
// key was usable where the developer works. From engineering_ready up, cross and release stages
// count only when signed, and not key-signed from that clone; at prototype a label counts and is
// said to be one, and a same-clone signature is a warning. Pure.
import { identityIdOf, signingIdsOf } from '../../ledger/keyless.ts';
import type { AuditStage, StoredEntry } from '../../ledger/types.ts';
import { MATURITY_LEVELS } from '../../plane/types.ts';
import type { Manifest, Maturity } from '../../plane/types.ts';
import type { ResultRecord } from '../entries/index-results.ts';
import {
  comparePlaces,
  describePlace,
  reviewChain,
  sharedClone,
  sharedHost,
} from './stage-origin.ts';
import { nextCommand } from '../../next/next-table.ts';

export type Strength = 'signed' | 'label';

export const STRENGTH_TEXT: Record<Strength, string> = {
  signed: 'signed',
  label: 'unsigned label (same person or machine not excluded)',
};

/** What is known of a signed result's signer and of where it was written. */
export interface Signing {
  keyless: boolean;
  /** "signed keyless by Sigstore identity <subject>" or "signed by key <keyid…>". */
  text: string;
  /** Place findings: same clone or host as a reviewed result, key registered from there. */
  flags: string[];
  /** Key-signed from the clone of a result it reviews: not counted from engineering_ready up. */
  sameClone: boolean;
  /** That clone's id, when `sameClone`. */
  clone?: string;
}

/** Whether labels stop counting for the stages other than self at `maturity`. */
export function needsSignedStages(maturity: Maturity): boolean {
  return MATURITY_LEVELS.indexOf(maturity) >= MATURITY_LEVELS.indexOf('engineering_ready');
}

export class StrengthJudge {
  private readonly owner = new Map<string, string>();
  /** Keyless identity id → its subject. */
  private readonly subjects = new Map<string, string>();
  private byHash: ReadonlyMap<string, StoredEntry> | undefined;
  private keys: ReadonlyMap<string, StoredEntry[]> | undefined;
  private readonly entries: readonly StoredEntry[];

  constructor(manifest: Manifest | undefined, entries: readonly StoredEntry[]) {
    this.entries = entries;
    for (const authority of manifest?.authorities ?? []) {
      for (const id of signingIdsOf(authority)) this.owner.set(id, authority.id);
      for (const identity of authority.identities ?? [])
        this.subjects.set(identityIdOf(identity), identity.subject);
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

  /** keyid → every `key` entry that registered it (indexed on first use). */
  private keyEntries(): ReadonlyMap<string, StoredEntry[]> {
    if (this.keys === undefined) {
      const found = new Map<string, StoredEntry[]>();
      for (const e of this.entries) {
        const id = e.entry.kind === 'key' ? e.entry.body['keyid'] : undefined;
        if (typeof id === 'string') found.set(id, [...(found.get(id) ?? []), e]);
      }
      this.keys = found;
    }
    return this.keys;
  }

  /** What is known of a signed result's signer and place; undefined for a label. */
  signing(record: ResultRecord): Signing | undefined {
    const keyid = record.actor.keyid;
    if (keyid === undefined || this.of(record) !== 'signed') return undefined;
    const subject = this.subjects.get(keyid);
    const keyless = subject !== undefined;
    const text = keyless
      ? `signed keyless by Sigstore identity ${subject}`
      : `signed by key ${keyid.slice(0, 12)}…`;
    const self = this.find(record.hash);
    const chain = self === undefined ? [] : reviewChain(self, (h) => this.find(h));
    // The nearest same-clone finding down the chain, else the nearest same-host one.
    const places = chain.map((reviewed) => ({
      reviewed,
      match: comparePlaces(self!.entry, reviewed.entry),
    }));
    const place =
      places.find((p) => p.match.kind === 'clone') ?? places.find((p) => p.match.kind === 'host');
    const flags: string[] = [];
    let clone: string | undefined;
    if (place !== undefined) {
      flags.push(describePlace(place.match, self!.entry, place.reviewed.entry)!);
      if (place.match.kind === 'clone' && !keyless) clone = place.match.clone;
    }
    const registered = keyless ? [] : (this.keyEntries().get(keyid) ?? []);
    const developer = chain.at(-1);
    if (developer !== undefined) {
      if (registered.some((k) => sharedClone(k.entry, developer.entry) !== undefined))
        flags.push("key registered from the developer's own clone");
      else if (registered.some((k) => sharedHost(k.entry, developer.entry) !== undefined))
        flags.push("key registered on the developer's own host");
    }
    return { keyless, text, flags, sameClone: clone !== undefined, ...(clone && { clone }) };
  }

  /** Whether a result counts for a stage other than self at a strict maturity. */
  countsStrictly(record: ResultRecord): boolean {
    return this.of(record) === 'signed' && this.signing(record)?.sameClone !== true;
  }

  /** Why `records` of `stage` (labels, or key-signed from the reviewed clone) do not count. */
  refusal(stage: AuditStage, maturity: Maturity, records: readonly ResultRecord[]): string {
    const who = [...new Set(records.map((r) => r.actor.authority))].join(', ');
    const sameClone = records
      .map((r) => this.signing(r))
      .find((s) => s?.sameClone === true)
      ?.flags.at(0);
    if (sameClone !== undefined) {
      return `${records.length} ${stage} result(s) by ${who} do not count at ${maturity}: ${sameClone}; from engineering_ready up a key-signed ${stage} result must be written from another clone than the results it reviews (clone the repository elsewhere, record the ${stage} result there and bring its ledger segment back), or be signed keyless by a CI identity (--sign sigstore)`;
    }
    return `${records.length} ${stage} result(s) by ${who} do not count at ${maturity}: each is an ${STRENGTH_TEXT.label}; from engineering_ready up a ${stage} result must be signed by a key registered to its authority or keyless by a declared Sigstore identity (${nextCommand('keysGenerate', { id: records[0]?.actor.authority })}, then record the ${stage} result again)`;
  }
}
