// An in-memory ledger for pure verifier tests: builds lines exactly as the appender does (same
// buildEntry), lets a test tamper with them, and runs parseLedger + verifyLedger.
import {
  changedOnBase,
  compareWithBase,
  gitBlobId,
} from '../../scripts/lib/core/ledger/compare-base.ts';
import { buildEntry } from '../../scripts/lib/core/ledger/build-entry.ts';
import { parseLedger, splitSegment } from '../../scripts/lib/core/ledger/parse-ledger.ts';
import { sha256Hex } from '../../scripts/lib/core/hash.ts';
import type {
  EntryDraft,
  LedgerFinding,
  LedgerSnapshot,
  Signer,
} from '../../scripts/lib/core/ledger/types.ts';
import { referencedObjects, verifyLedger } from '../../scripts/lib/core/ledger/verify-ledger.ts';
import type { ObjectState } from '../../scripts/lib/core/ledger/verify-ledger.ts';
import type { Authority } from '../../scripts/lib/core/plane/types.ts';
import { generateKey } from '../../scripts/lib/io/keys/keys.ts';
import { draft, TEST_LEDGER_ID } from './ledger-repo.ts';

export const DIR = '.proofgate/evidence/ledger';
export const fileOf = (segment: string): string => `${DIR}/${segment}.jsonl`;

export interface TestKey {
  signer: Signer;
  publicKey: string;
}

export function newKey(): TestKey {
  const key = generateKey();
  return { signer: key.signer, publicKey: key.publicKeyBase64 };
}

export function authoritiesWith(keys: Record<string, TestKey[]> = {}): Authority[] {
  return ['virtual:developer', 'virtual:quality'].map((id) => ({
    id,
    kind: 'virtual' as const,
    stages: [id === 'virtual:developer' ? ('self' as const) : ('cross' as const)],
    keys: (keys[id] ?? []).map((k) => ({
      keyid: k.signer.keyid,
      public_key: k.publicKey,
      added: '2026-01-01T00:00:00.000Z',
    })),
  }));
}

export class MemoryLedger {
  readonly segments = new Map<string, string[]>();
  readonly ledgerId: string;
  constructor(ledgerId = TEST_LEDGER_ID) {
    this.ledgerId = ledgerId;
  }

  append(segment: string, draft: EntryDraft, signer?: Signer): string {
    const heads: Record<string, string> = {};
    for (const [name, lines] of this.segments) {
      const last = lines.at(-1);
      if (last !== undefined) heads[name] = sha256Hex(last);
    }
    const lines = this.segments.get(segment) ?? [];
    this.segments.set(segment, lines);
    const seq = lines.length;
    const prev = seq === 0 ? null : (heads[segment] ?? null);
    const placement = { ledger: this.ledgerId, segment, seq, prev, heads };
    const { line } = buildEntry(draft, placement, signer);
    lines.push(line);
    return line;
  }

  lines(segment: string): string[] {
    const lines = this.segments.get(segment);
    if (lines === undefined) throw new Error(`no segment ${segment}`);
    return lines;
  }

  files(): Map<string, Uint8Array> {
    return new Map(
      [...this.segments].map(([name, lines]) => [
        fileOf(name),
        Buffer.from(lines.map((l) => `${l}\n`).join(''), 'utf8'),
      ]),
    );
  }
}

export function snapshotOf(files: ReadonlyMap<string, Uint8Array>): LedgerSnapshot {
  const segments = [...files]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([file, bytes]) => ({
      name: file.slice(DIR.length + 1, -'.jsonl'.length),
      file,
      bytes,
      ...splitSegment(bytes),
    }));
  return { dir: DIR, segments };
}

export interface VerifyMemoryOptions {
  authorities?: Authority[];
  objects?: ReadonlyMap<string, ObjectState>;
  base?: ReadonlyMap<string, Uint8Array>;
  ledgerId?: string;
}

function compareMemoryBase(
  snapshot: LedgerSnapshot,
  files: ReadonlyMap<string, Uint8Array>,
): ReturnType<typeof compareWithBase> {
  const base = new Map(
    [...files].map(([file, bytes]) => [
      file,
      { oid: gitBlobId(bytes, 'sha1'), size: bytes.length, bytes },
    ]),
  );
  return compareWithBase(snapshot, base, changedOnBase(snapshot, base, 'sha1'), 'base');
}

export function verifyFiles(
  files: ReadonlyMap<string, Uint8Array>,
  options: VerifyMemoryOptions = {},
): LedgerFinding[] {
  const snapshot = snapshotOf(files);
  const base = options.base === undefined ? undefined : compareMemoryBase(snapshot, options.base);
  const parsed = parseLedger(snapshot, base?.start);
  const objects =
    options.objects ?? new Map([...referencedObjects(parsed)].map((d) => [d, 'ok' as const]));
  return verifyLedger({
    parsed,
    ledgerId: options.ledgerId ?? TEST_LEDGER_ID,
    authorities: options.authorities ?? authoritiesWith(),
    manifestFile: '.proofgate/controls/manifest.yaml',
    objects,
    ...(base === undefined ? {} : { base }),
  }).findings;
}

/** `file:line CODE` of each finding: what tamper tests assert. */
export function where(findings: readonly LedgerFinding[]): string[] {
  return findings.map((f) => `${f.file.slice(DIR.length + 1)}:${f.line} ${f.code}`);
}

/**
 * Entry `n`: a seal of `ledger`'s segment heads as they are now; with `archiveManifest`, an archive
 * seal whose manifest is that object (what it archived counts no more, unless referenced again).
 */
export function sealDraft(ledger: MemoryLedger, n: number, archiveManifest?: string): EntryDraft {
  const heads = Object.fromEntries(
    [...ledger.segments].map(([name, lines]) => [name, sha256Hex(lines.at(-1) ?? '')]),
  );
  const archive =
    archiveManifest === undefined ? {} : { archive: { manifest: archiveManifest, files: 0 } };
  const body = { archive_id: `s-${n}`, heads, inventory: 'f'.repeat(64), objects: 0, ...archive };
  return draft(n, {
    kind: 'seal',
    body,
    objects: archiveManifest === undefined ? [] : [archiveManifest],
  });
}
