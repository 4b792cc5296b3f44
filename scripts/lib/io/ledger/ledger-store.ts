// Reading and appending ledger segments (references/ledger-format.md). readLedger never judges;
// appendEntry writes one canonical line under the lock with one append-mode write and fsync.
import { closeSync, fchmodSync, fdatasyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, EnvironmentError, IntegrityError, UsageError } from '../../core/errors.ts';
import { sha256Hex } from '../../core/hash.ts';
import { attachKeyless, buildEntry, type EntryPlacement } from '../../core/ledger/build-entry.ts';
import type { KeylessSigner } from '../../core/ledger/keyless.ts';
import { canonicalize } from '../../core/shared/canonical.ts';
import { MAX_LINE_BYTES, decodeLine, splitSegment } from '../../core/ledger/parse-ledger.ts';
import { openSegmentFor, writerSegmentBase } from '../../core/ledger/segment-name.ts';
import { closedBy } from '../../core/ledger/verify-seals.ts';
import type {
  EntryDraft,
  EntryOrigin,
  LedgerEntry,
  LedgerSnapshot,
  Signer,
  StoredEntry,
} from '../../core/ledger/types.ts';
import type { Manifest } from '../../core/plane/types.ts';
import { writerOrigin } from '../repo/clone-id.ts';
import { readGitState } from '../repo/git-state.ts';
import { DEFAULT_LOCK_TIMEOUT_MS, withLedgerLock } from './ledger-lock.ts';
import { listSegmentFiles, readSegmentTails } from './ledger-tails.ts';
import { createObjectStore, fsyncDir, makeEvidenceDir } from './objects.ts';
import { loadPlane } from '../plane/plane.ts';
import { ledgerRel, type PlaneLocation } from '../../core/plane/plane.ts';
import type { SegmentTail, AppendOptions } from '../../core/world/ledger-port.ts';

export function ledgerDir(plane: PlaneLocation): string {
  return join(plane.dir, 'evidence', 'ledger');
}

/** Every `*.jsonl` segment of the plane, sorted by name, split into lines. Never judges. */
export function readLedger(plane: PlaneLocation): Promise<LedgerSnapshot> {
  const dir = ledgerDir(plane);
  const rel = ledgerRel(plane);
  const segments = listSegmentFiles(dir).map((file) => {
    const name = file.slice(0, -'.jsonl'.length);
    const bytes = readFileSync(join(dir, file));
    return { name, file: `${rel}/${name}.jsonl`, bytes, ...splitSegment(bytes) };
  });
  return Promise.resolve({ dir: rel, segments });
}

/** The ledger id the appender writes; a manifest without one is a config error (exit 2). */
export function ledgerIdOf(manifest: Manifest, file = 'controls/manifest.yaml'): string {
  if (typeof manifest.ledger_id !== 'string' || manifest.ledger_id === '') {
    throw new ConfigError('SCHEMA_INVALID', `${file} has no ledger_id`, {
      where: `${file}:/ledger_id`,
      expected: 'the random ledger id written by "proofgate init"',
      next: 'restore ledger_id from git history; never invent a new one for an existing ledger',
    });
  }
  return manifest.ledger_id;
}

const isTorn = (tail: SegmentTail): boolean => tail.tornBytes !== 0;

function refuseBadTails(tails: readonly SegmentTail[], rel: string): void {
  const torn = tails.find(isTorn);
  if (torn !== undefined) {
    const size = torn.tornBytes === undefined ? 'more than 1 MiB' : `${torn.tornBytes} bytes`;
    throw new IntegrityError(
      'TORN_LINE',
      `segment ${torn.name} ends with an unterminated line of ${size}`,
      {
        where: `${rel}/${torn.name}.jsonl`,
        expected: 'every line to end with a newline',
        next: 'a writer was killed mid-append: run "proofgate verify --repair-torn", then retry',
      },
    );
  }
  const long = tails.find((t) => t.isLastLineTooLong);
  if (long !== undefined) {
    throw new IntegrityError(
      'CHAIN_BROKEN',
      `the last line of segment ${long.name} is longer than ${MAX_LINE_BYTES} bytes: no entry is`,
      {
        where: `${rel}/${long.name}.jsonl`,
        expected: `entries of at most ${MAX_LINE_BYTES} bytes`,
        next: 'run "proofgate verify --full" to locate every problem; nothing was written',
      },
    );
  }
}

function writeLine(path: string, line: string, isNew: boolean, dir: string): void {
  const data = Buffer.from(`${line}\n`, 'utf8');
  makeEvidenceDir(dir);
  let fd: number;
  try {
    fd = openSync(path, 'a');
  } catch (error) {
    // Nothing was written: the entry is refused whole, with the path and the system's reason.
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new EnvironmentError(
      'IO_FAILED',
      `cannot open the ledger segment for append (${reason})`,
      {
        where: path,
        expected: 'a writable regular file (or none yet) at the ledger segment path',
        next: 'fix the file or its permissions, then run the command again',
        cause: error,
      },
    );
  }
  try {
    // Readable by a CI user or an auditor account whatever the umask.
    if (isNew) fchmodSync(fd, 0o644);
    for (let done = 0; done < data.length;) done += writeSync(fd, data, done, data.length - done);
    // fdatasync flushes the data and the new file size, which is all an append changes.
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
  if (isNew) fsyncDir(dir);
}

/** Appends under the already-held lock: reads tails, picks the open segment, writes one line. */
export function appendLocked(
  plane: PlaneLocation,
  ledgerId: string,
  segmentBase: string,
  draft: EntryDraft,
  signer: Signer | undefined,
  origin?: EntryOrigin,
): StoredEntry {
  const place = placeEntry(plane, ledgerId, segmentBase, origin);
  const { entry, line } = buildEntry(draft, place.placement, signer);
  return writeEntry(plane, place, entry, line);
}

/**
 * Appends under the already-held lock with a keyless signature: the entry is built unsigned with
 * `actor.keyid` set to the identity id, the Sigstore bundle over its PAE bytes is stored as an
 * evidence object, and the line names that object in `sigs` (the bundle cannot be among the
 * signed objects: it signs them).
 */
async function appendLockedKeyless(
  plane: PlaneLocation,
  ledgerId: string,
  segmentBase: string,
  draft: EntryDraft,
  keyless: KeylessSigner,
  origin: EntryOrigin,
): Promise<StoredEntry> {
  const place = placeEntry(plane, ledgerId, segmentBase, origin);
  const { entry: unsigned } = buildEntry(draft, place.placement);
  const withKey: LedgerEntry = { ...unsigned, actor: { ...unsigned.actor, keyid: keyless.keyid } };
  const bundle = await keyless.sign(Buffer.from(canonicalize(withKey), 'utf8'));
  const digest = await createObjectStore(plane).put(bundle);
  const { entry, line } = attachKeyless(withKey, digest, place.placement);
  return writeEntry(plane, place, entry, line);
}

interface Place {
  dir: string;
  segment: string;
  isNew: boolean;
  placement: EntryPlacement;
}

function writeEntry(
  plane: PlaneLocation,
  place: Place,
  entry: LedgerEntry,
  line: string,
): StoredEntry {
  writeLine(join(place.dir, `${place.segment}.jsonl`), line, place.isNew, place.dir);
  return {
    entry,
    hash: sha256Hex(line),
    file: `${ledgerRel(plane)}/${place.segment}.jsonl`,
    line: place.placement.seq + 1,
  };
}

/** Reads the tails and picks the writer's open segment and the next position in it. */
function placeEntry(
  plane: PlaneLocation,
  ledgerId: string,
  segmentBase: string,
  origin: EntryOrigin | undefined,
): Place {
  const dir = ledgerDir(plane);
  const tails = readSegmentTails(dir);
  refuseBadTails(tails, ledgerRel(plane));
  const heads: Record<string, string> = {};
  const closed = new Set<string>();
  for (const tail of tails) {
    if (tail.lastLine === undefined) continue;
    heads[tail.name] = sha256Hex(tail.lastLine);
    if (Buffer.from(tail.lastLine).includes('"kind":"seal"')) {
      const sealed = decodeLine(tail.lastLine).entry;
      if (sealed?.kind === 'seal') for (const name of closedBy(sealed)) closed.add(name);
    }
  }
  const segment = openSegmentFor(segmentBase, closed);
  const own = tails.find((t) => t.name === segment);
  let seq = 0;
  if (own?.lastLine !== undefined) {
    const last = decodeLine(own.lastLine);
    if (last.entry === undefined) {
      throw new IntegrityError(
        'CHAIN_BROKEN',
        `the last line of segment ${segment} is not a valid entry: ${last.problem.message}`,
        {
          where: `${ledgerRel(plane)}/${segment}.jsonl`,
          next: 'run "proofgate verify --full" to locate every problem; nothing was written',
        },
      );
    }
    seq = last.entry.seq + 1;
  }
  const prev = seq === 0 ? null : (heads[segment] ?? null);
  return {
    dir,
    segment,
    isNew: own === undefined,
    placement: { ledger: ledgerId, segment, seq, prev, heads, ...(origin && { origin }) },
  };
}

/**
 * Appends one entry to the writer's open segment (`<cloneid>-<branchslug>[-g<N>]`), with secret
 * shapes and `options.secrets` redacted from its typed fields (core/ledger/redact-draft.ts). Checks the
 * repository (exit 4 outside git, before anything is written) and that every referenced object
 * exists, then holds the lock for the tail read, build, sign, write and fsync only.
 */
export async function appendEntry(
  plane: PlaneLocation,
  draft: EntryDraft,
  options: AppendOptions = {},
): Promise<StoredEntry> {
  const git = await readGitState(plane.root);
  const manifest = options.manifest ?? loadPlane(plane.root).manifest;
  const ledgerId = ledgerIdOf(manifest);
  const known = manifest.authorities.map((a) => a.id);
  if (!known.includes(draft.actor.authority)) {
    throw new UsageError(
      'UNKNOWN_ID',
      `authority ${draft.actor.authority} is not in the manifest`,
      {
        expected: `one of: ${known.join(', ')}`,
        next: 'record entries under a registered authority; nothing was written',
      },
    );
  }
  const store = createObjectStore(plane);
  for (const digest of draft.objects ?? []) {
    if (!(await store.has(digest))) {
      throw new IntegrityError(
        'OBJECT_MISSING',
        `evidence object ${digest} is not in the object store`,
        {
          next: 'store the object with createObjectStore(plane).put(bytes) before appending the entry',
        },
      );
    }
  }
  // Loaded here, not at the top: the secret-shape rules are large and a process that only reads
  // the ledger (a verdict) never redacts anything.
  const { redactDraft } = await import('../../core/ledger/redact-draft.ts');
  return withLedgerLock(git.commonDir, options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS, () => {
    const origin = writerOrigin(git.commonDir);
    const base = options.segmentBase ?? writerSegmentBase(origin.clone, git.branch);
    const redacted = redactDraft(draft, options.secrets);
    if (options.keyless !== undefined) {
      return appendLockedKeyless(plane, ledgerId, base, redacted, options.keyless, origin);
    }
    return appendLocked(plane, ledgerId, base, redacted, options.signer, origin);
  });
}
