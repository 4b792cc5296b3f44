// What a trust file pins, compared with what the repository says now. The manifest's authorities
// and keys must be exactly the trust file's (a key swapped, added or removed, an authority added,
// removed, re-kinded or re-staged is a finding), and every pinned segment head must still be in
// the ledger at its position (a head missing or rewritten is a finding). Pure: the caller reads
// the bytes that end at each pinned head.
import { sha256Hex } from '../hash.ts';
import type { LedgerFinding } from '../ledger/types.ts';
import type { Authority, Manifest } from '../plane/types.ts';
import type { PinnedHead, TrustFile, TrustedAuthority } from './trust-file.ts';

/** Where the compared things live, for the findings. */
export interface TrustPlaces {
  /** The trust file as the user named it. */
  trustFile: string;
  /** The manifest path relative to the root. */
  manifestFile: string;
}

function short(keyid: string): string {
  return `${keyid.slice(0, 12)}…`;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join('\0') === [...b].sort().join('\0');
}

/** Findings for every difference between the manifest's authorities and the trust file's. */
export function compareAuthorities(
  trust: TrustFile,
  manifest: Manifest,
  places: TrustPlaces,
): LedgerFinding[] {
  const { trustFile, manifestFile } = places;
  const findings: LedgerFinding[] = [];
  const add = (code: LedgerFinding['code'], message: string): void => {
    findings.push({ file: manifestFile, line: 0, code, message });
  };
  if (trust.ledger_id !== manifest.ledger_id) {
    add(
      'TRUST_LEDGER_MISMATCH',
      `ledger_id ${manifest.ledger_id} is not the trust file's ${trust.ledger_id} (${trustFile}): another ledger`,
    );
  }
  const trusted = new Map(trust.authorities.map((a) => [a.id, a]));
  const present = new Map(manifest.authorities.map((a) => [a.id, a]));
  for (const authority of manifest.authorities) {
    const pinned = trusted.get(authority.id);
    if (pinned === undefined) {
      add('AUTHORITY_NOT_TRUSTED', `authority ${authority.id} is not in trust file ${trustFile}`);
      continue;
    }
    findings.push(...compareOne(authority, pinned, places));
  }
  for (const pinned of trust.authorities) {
    if (present.has(pinned.id)) continue;
    add(
      'AUTHORITY_REMOVED',
      `authority ${pinned.id} of trust file ${trustFile} is not in the manifest`,
    );
  }
  return findings;
}

function compareOne(
  authority: Authority,
  pinned: TrustedAuthority,
  { trustFile, manifestFile }: TrustPlaces,
): LedgerFinding[] {
  const findings: LedgerFinding[] = [];
  const add = (code: LedgerFinding['code'], message: string): void => {
    findings.push({ file: manifestFile, line: 0, code, message });
  };
  if (authority.kind !== pinned.kind || !sameList(authority.stages, pinned.stages)) {
    add(
      'AUTHORITY_CHANGED',
      `authority ${authority.id} is ${authority.kind} in stages [${authority.stages.join(', ')}]; trust file ${trustFile} has ${pinned.kind} in [${pinned.stages.join(', ')}]`,
    );
  }
  const keys = authority.keys ?? [];
  const pinnedKeys = new Map(pinned.keys.map((k) => [k.keyid, k.public_key]));
  for (const key of keys) {
    if (pinnedKeys.get(key.keyid) !== key.public_key) {
      add(
        'KEY_NOT_TRUSTED',
        `${authority.id} keyid ${short(key.keyid)} is not in trust file ${trustFile}`,
      );
    }
  }
  const own = new Set(keys.map((k) => k.keyid));
  for (const key of pinned.keys) {
    if (!own.has(key.keyid)) {
      add(
        'KEY_REMOVED',
        `${authority.id} keyid ${short(key.keyid)} of trust file ${trustFile} is not in the manifest`,
      );
    }
  }
  const identities = (authority as { identities?: unknown }).identities;
  if (JSON.stringify(identities ?? []) !== JSON.stringify(pinned.identities ?? [])) {
    add(
      'AUTHORITY_CHANGED',
      `authority ${authority.id} names other keyless identities than trust file ${trustFile}`,
    );
  }
  return findings;
}

/**
 * A pinned segment as it is now: absent, or the bytes that end where its pinned head ended (at
 * most one line cap and a newline of them; the head line's own `seq` is inside the hashed bytes,
 * and the verifier proves every line's seq is its position).
 */
export interface SegmentPrefix {
  name: string;
  /** Path relative to the root. */
  file: string;
  /** undefined: no such segment file. */
  prefix: Uint8Array | undefined;
  /** File offset of `prefix[0]`. */
  from: number;
  /** The file's whole size (when present). */
  size: number;
}

/** Findings for every pinned head that is not the line at its position in its segment now. */
export function checkPinnedHeads(
  trust: TrustFile,
  prefixes: readonly SegmentPrefix[],
  trustFile: string,
): LedgerFinding[] {
  const findings: LedgerFinding[] = [];
  const byName = new Map(prefixes.map((p) => [p.name, p]));
  for (const [name, head] of Object.entries(trust.heads)) {
    const now = byName.get(name);
    const problem = headProblem(head, now);
    if (problem === undefined) continue;
    findings.push({
      file: now?.file ?? `${name}.jsonl`,
      line: head.seq + 1,
      code: 'HEAD_MISSING',
      message: `segment ${name} seq ${head.seq} (sha256 ${head.sha256.slice(0, 12)}…, pinned by trust file ${trustFile}) ${problem}`,
    });
  }
  return findings;
}

function headProblem(head: PinnedHead, now: SegmentPrefix | undefined): string | undefined {
  if (now?.prefix === undefined) return 'is gone: the segment file no longer exists';
  if (now.size < head.bytes) {
    return `is gone: the segment has ${now.size} bytes, fewer than the ${head.bytes} it had (lines deleted)`;
  }
  const bytes = now.prefix;
  const end = head.bytes - now.from;
  if (end < 1 || end > bytes.length || bytes[end - 1] !== 0x0a)
    return 'is rewritten: no line ends where the head ended';
  const newline = Buffer.from(bytes.buffer, bytes.byteOffset, end - 1).lastIndexOf(0x0a);
  if (newline === -1 && now.from > 0) return 'is rewritten: no line that short ends there';
  const hash = sha256Hex(bytes.subarray(newline + 1, end - 1));
  if (hash !== head.sha256) return `is rewritten: that line now hashes to ${hash.slice(0, 12)}…`;
  return undefined;
}

/**
 * The manifest as the trust file says it is: authorities (kinds, stages, keys, identities) from the
 * file, so signatures and independence are judged against keys the repository cannot change. An
 * authority or key the manifest has too keeps the manifest's object, so a manifest that matches
 * the file exactly yields the same manifest (and the same digest in result bindings).
 */
export function trustedManifest(manifest: Manifest, trust: TrustFile): Manifest {
  const own = new Map(manifest.authorities.map((a) => [a.id, a]));
  const authorities = trust.authorities.map((pinned): Authority => {
    const base = own.get(pinned.id);
    const ownKeys = new Map((base?.keys ?? []).map((k) => [k.keyid, k]));
    const keys = pinned.keys.map((k) => {
      const same = ownKeys.get(k.keyid);
      return same?.public_key === k.public_key
        ? same
        : { keyid: k.keyid, public_key: k.public_key, added: k.added ?? '' };
    });
    const { retired: _retired, keys: _keys, ...rest } = base ?? { id: pinned.id };
    const identities = pinned.identities;
    return {
      ...(rest as Omit<Authority, 'keys' | 'retired'>),
      kind: pinned.kind,
      stages: pinned.stages,
      ...(keys.length === 0 && base?.keys === undefined ? {} : { keys }),
      ...(identities === undefined ? {} : { identities }),
      ...(pinned.retired === undefined ? {} : { retired: pinned.retired }),
    };
  });
  return { ...manifest, authorities };
}
