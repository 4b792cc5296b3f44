// The newest trusted checkpoint (references/seal.md "Checkpoints"), for a verdict that verifies only
// what was appended after it. Every shortcut is proven or the verdict reads the whole ledger as
// before (the reason is returned, never a finding: falling back loses no guarantee):
// - trusted: the checkpoint seal is signed by an authority that the trusted rules (the manifest at
//   the anchor: the upstream's fork point or --base, never the working tree or unpushed commits)
//   register for release_authority, not an agent, with a key or Sigstore identity declared there,
//   or the CI authority (kind ci) signing keyless by a Sigstore identity declared there;
// - the prefix is unchanged: each covered (closed) segment's blob at HEAD is the blob the
//   checkpoint recorded (one `git ls-tree`, no segment read), the anchor holds no longer copy of it
//   (an older one is a prefix the signer proved when it sealed), and the working file is at least
//   as long (its later bytes are the suffix, verified from there);
// - the state object is the one the seal names (re-hashed), and it ends every covered segment at
//   the sealed head.
// What a trusted checkpoint stands for must also be unchanged in the working tree and the evidence
// objects since the anchor before a verdict starts from it (checkpoint-unchanged.ts).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../../core/hash.ts';
import { decodeState, type CheckpointBody } from '../../core/ledger/checkpoint.ts';
import { buildIdentityRegistry, type KeylessJob } from '../../core/ledger/keyless.ts';
import { decodeLine } from '../../core/ledger/parse-ledger.ts';
import type { LedgerEntry, LocatedEntry, StoredEntry } from '../../core/ledger/types.ts';
import { readSealBody } from '../../core/ledger/verify-seals.ts';
import {
  buildKeyRegistry,
  checkEntrySignatures,
  runSignatureJob,
  type SignatureJob,
} from '../../core/ledger/verify-signatures.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { Authority } from '../../core/plane/types.ts';
import { readBasePlane } from '../plane/base-registry.ts';
import { listLedgerBlobs } from './ledger-base.ts';
import { ledgerDir, ledgerIdOf } from './ledger-store.ts';
import { ledgerRel } from '../../core/plane/plane.ts';
import { readSegmentTails } from './ledger-tails.ts';
import { objectsDir } from './objects.ts';
import {
  type CheckedRegion,
  type TrustedCheckpoint,
  type CheckpointUse,
  NO_CHECKPOINT,
} from '../../core/world/ledger-port.ts';

/** The protected ref the trusted rules come from (io/ledger/ledger-integrity.ts IntegrityAnchor). */
interface Anchor {
  commit: string;
  label: string;
}

interface Candidate {
  seal: LocatedEntry;
  line: Uint8Array;
  body: CheckpointBody;
  heads: Record<string, string>;
}

function candidates(plane: Plane): Candidate[] {
  const rel = ledgerRel(plane);
  const found: Candidate[] = [];
  for (const tail of readSegmentTails(ledgerDir(plane))) {
    if (tail.lastLine === undefined || tail.tornTail.length > 0) continue;
    const { entry } = decodeLine(tail.lastLine);
    if (entry?.kind !== 'seal' || entry.segment !== tail.name) continue;
    const body = readSealBody(entry);
    if (typeof body === 'string' || body.checkpoint === undefined) continue;
    const seal: LocatedEntry = {
      entry,
      segment: tail.name,
      index: entry.seq,
      file: `${rel}/${tail.name}.jsonl`,
      hash: sha256Hex(tail.lastLine),
    };
    found.push({ seal, line: tail.lastLine, body: body.checkpoint, heads: body.heads });
  }
  const covered = (c: Candidate): number =>
    Object.values(c.body.segments).reduce((sum, s) => sum + s.lines, 0);
  return found.sort((a, b) => covered(b) - covered(a));
}

/** Why the seal is not trusted under `authorities` (the anchor's), or undefined when it is. */
async function distrust(
  plane: Plane,
  candidate: Candidate,
  authorities: readonly Authority[],
  sigstoreRoot: string | undefined,
): Promise<string | undefined> {
  const { entry } = candidate.seal;
  const authority = authorities.find((a) => a.id === entry.actor.authority);
  if (authority === undefined)
    return `its authority ${entry.actor.authority} is not in the trusted rules`;
  // A release authority (key or keyless), or the protected branch's CI identity signing keyless:
  // neither is anything the agent holds.
  const release = authority.stages.includes('release_authority');
  const ciIdentity = authority.kind === 'ci' && (authority.identities?.length ?? 0) > 0;
  if (authority.kind === 'agent' || (!release && !ciIdentity))
    return `${authority.id} is not a release authority or a CI identity under the trusted rules`;
  if (entry.sigs === undefined || entry.sigs.length === 0) return 'it is not signed';
  const file = 'the trusted manifest';
  const problems: string[] = [];
  const jobs: SignatureJob[] = [];
  const keyless: KeylessJob[] = [];
  try {
    checkEntrySignatures(
      candidate.seal,
      candidate.line,
      new Set(authorities.map((a) => a.id)),
      buildKeyRegistry(authorities, file),
      (_code, message) => void problems.push(message),
      jobs,
      { identities: buildIdentityRegistry(authorities, file), jobs: keyless },
    );
  } catch {
    return 'the trusted manifest registers invalid keys';
  }
  if (problems.length > 0) return problems.join('; ');
  if (jobs.length + keyless.length === 0) return 'no signature checks under the trusted rules';
  if (!release && keyless.length === 0)
    return `${authority.id} counts for checkpoints only when signed keyless by its Sigstore identity`;
  if (!jobs.every((job) => runSignatureJob(job))) return 'a signature does not verify';
  if (keyless.length === 0) return undefined;
  const { verifyKeylessJobs } = await import('../keys/sigstore-verify.ts');
  const failed = verifyKeylessJobs(plane, keyless, sigstoreRoot);
  return failed.length === 0 ? undefined : failed.map((f) => f.message).join('; ');
}

/** Why the covered prefix is not provably what the checkpoint recorded, or undefined. */
async function changedPrefix(
  plane: Plane,
  body: CheckpointBody,
  anchor: Anchor,
): Promise<string | undefined> {
  const rel = ledgerRel(plane);
  const [head, base] = await Promise.all([
    listLedgerBlobs(plane.root, rel, 'HEAD'),
    listLedgerBlobs(plane.root, rel, anchor.commit),
  ]);
  for (const [name, recorded] of Object.entries(body.segments)) {
    const file = `${rel}/${name}.jsonl`;
    if (head?.get(file)?.oid !== recorded.blob) return `${file} at HEAD is not the sealed blob`;
    // The anchor's copy may be an older prefix (the signer proved the ledger extended it when it
    // sealed); one longer than the sealed bytes means lines after the seal: read everything.
    const onBase = base?.get(file);
    if (onBase !== undefined && onBase.size >= recorded.bytes && onBase.oid !== recorded.blob)
      return `${file} on ${anchor.label} is not the sealed blob`;
    const size = statSync(join(plane.root, file), { throwIfNoEntry: false })?.size;
    if (size === undefined) return `${file} is missing`;
    if (size < recorded.bytes) return `${file} is shorter than the sealed prefix`;
  }
  return undefined;
}

function readState(plane: Plane, candidate: Candidate): TrustedCheckpoint | string {
  const { body, heads } = candidate;
  const path = join(objectsDir(plane), body.state.slice(0, 2), body.state);
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return `its state object ${body.state.slice(0, 12)}… is missing`;
  }
  if (sha256Hex(bytes) !== body.state) return 'its state object does not match its digest';
  const lines = decodeState(bytes);
  if (typeof lines === 'string') return lines;
  if (lines.length !== body.entries) return 'its state object holds another number of lines';
  const rel = ledgerRel(plane);
  const ledgerId = ledgerIdOf(plane.manifest);
  const retained: StoredEntry[] = [];
  const context: LocatedEntry[] = [];
  const lastHash = new Map<string, string>();
  for (const { segment, index, line } of lines) {
    const covered = body.segments[segment];
    const { entry }: { entry?: LedgerEntry } = decodeLine(line);
    if (covered === undefined || index >= covered.lines || entry === undefined)
      return `its state holds a line outside the covered prefix (${segment}:${index + 1})`;
    if (entry.segment !== segment || entry.seq !== index || entry.ledger !== ledgerId)
      return `its state line ${segment}:${index + 1} is not that entry`;
    const hash = sha256Hex(line);
    const file = `${rel}/${segment}.jsonl`;
    retained.push({ entry, hash, file, line: index + 1 });
    if (entry.kind === 'key' || entry.kind === 'seal')
      context.push({ entry, segment, index, file, hash });
    if (index === covered.lines - 1) lastHash.set(segment, hash);
  }
  const regions = new Map<string, CheckedRegion>();
  for (const [name, covered] of Object.entries(body.segments)) {
    if (heads[name] === undefined || lastHash.get(name) !== heads[name])
      return `its state does not end ${name} at the sealed head`;
    regions.set(name, {
      start: covered.lines,
      startByte: covered.bytes,
      previousHash: heads[name],
    });
  }
  return { seal: candidate.seal, body, retained, context, regions };
}

/** The newest checkpoint a verdict may start from, or why none is used. */
export async function loadTrustedCheckpoint(
  plane: Plane,
  anchor: Anchor | undefined,
  sigstoreRoot?: string,
): Promise<CheckpointUse> {
  const found = candidates(plane);
  if (found.length === 0) return { skipped: NO_CHECKPOINT };
  if (anchor === undefined) return { skipped: 'no upstream or --base to take trusted rules from' };
  const rules = await readBasePlane(plane, anchor.commit);
  const authorities = rules.plane?.manifest.authorities;
  if (authorities === undefined) return { skipped: `no plane on ${anchor.label}` };
  const reasons: string[] = [];
  for (const candidate of found) {
    const where = `${candidate.seal.file}:${candidate.seal.index + 1}`;
    const why =
      (await distrust(plane, candidate, authorities, sigstoreRoot)) ??
      (await changedPrefix(plane, candidate.body, anchor));
    if (why !== undefined) {
      reasons.push(`${where}: ${why}`);
      continue;
    }
    const state = readState(plane, candidate);
    if (typeof state !== 'string') return { checkpoint: state };
    reasons.push(`${where}: ${state}`);
  }
  return { skipped: reasons.join('; ') };
}
