// seal: appends a seal over every segment head and the inventory of evidence objects the ledger
// references, after the one integrity check `verify` runs; sealed segments are closed. With
// --checkpoint, a second seal in a fresh segment records the closed segments' blob ids and the
// state a verdict continues from (references/seal.md "Checkpoints").
import type { Context } from '../../core/context.ts';
import { IntegrityError } from '../../core/errors.ts';
import { sha256Hex } from '../../core/hash.ts';
import { keptObjects, type KeylessSigner, type SignMode } from '../../core/ledger/keyless.ts';
import { closedBy, computeInventory } from '../../core/ledger/verify-seals.ts';
import type { SealArchive } from '../../core/ledger/seal-archive.ts';
import type { Signer, StoredEntry } from '../../core/ledger/types.ts';
import type { CommonOptions } from '../../core/options.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { World } from '../../core/world/world.ts';

export interface SealReport {
  archiveId: string;
  /** `file:line` of the seal entry. */
  entry: string;
  heads: Record<string, string>;
  inventory: string;
  objects: number;
  /** Segments the seal closed: their writers continue in `<name>-g<N>`. */
  closed: string[];
  /** With --checkpoint: the checkpoint seal, its state object and what it covers. */
  checkpoint?: { entry: string; state: string; retained: number; covered: number };
  /** With --archive: the archive manifest's digest and how many plane files it lists. */
  archive?: SealArchive;
}

export interface SealOptions extends CommonOptions {
  archiveId: string;
  authorityId: string;
  /** `sigstore`: the seal is signed keyless, a witnessed record of the heads (references/sigstore.md). */
  sign?: SignMode;
  sigstoreRoot?: string | undefined;
  /** Also append a checkpoint seal (references/seal.md "Checkpoints"). */
  checkpoint?: boolean;
  /** Also archive the plane's files in the object store (references/seal.md "Plane archives"). */
  archive?: boolean;
}

export async function sealFlow(
  options: SealOptions,
  ctx: Context,
  world: World,
): Promise<SealReport> {
  const { ledger, planeFiles } = world;
  const root = await world.resolveRoot(options.root);
  const plane = planeFiles.loadPlane(root);
  const digests = new Set<string>();
  const anchor = await ledger.resolveAnchor(plane, { upstream: 'find' });
  const result = await ledger.checkIntegrity(
    plane,
    {
      anchor,
      sigstoreRoot: options.sigstoreRoot,
      onEntry: ({ entry }) => keptObjects(entry).forEach((d) => digests.add(d)),
    },
    ctx,
  );
  if (result.findingCount > 0) {
    throw new IntegrityError(
      'SEAL_INVALID',
      `refusing to seal a ledger with ${result.findingCount} findings`,
      {
        problems: result.findings.map((f) => `${f.file}:${f.line}: ${f.code} ${f.message}`),
        next: 'run "proofgate verify --full" and resolve every finding first',
        findingCount: result.findingCount,
      },
    );
  }
  const inventory = computeInventory(digests);
  const signing = await sealSigner(plane, options, ctx, world);
  const append = async (
    body: Record<string, unknown>,
    objects: string[] = [],
  ): Promise<StoredEntry> =>
    ledger.appendEntry(
      plane,
      {
        kind: 'seal',
        time: ctx.clock.now().toISOString(),
        actor: {
          label: 'proofgate seal',
          authority: options.authorityId,
          context: world.host.defaultExecutionContext(),
        },
        subject: await ledger.readMetaSubject(plane),
        body: body as StoredEntry['entry']['body'],
        ...(objects.length === 0 ? {} : { objects }),
      },
      { manifest: plane.manifest, ...signing },
    );
  const heads = segmentHeads(plane, ledger);
  const archived =
    options.archive === true
      ? await planeFiles.storeArchive(plane, planeFiles.readPlaneFiles(plane), {
          archiveId: options.archiveId,
          ledgerId: plane.manifest.ledger_id,
          heads,
        })
      : undefined;
  const stored = await append(
    {
      archive_id: options.archiveId,
      heads,
      ...inventory,
      ...(archived === undefined ? {} : { archive: { ...archived.archive } }),
    },
    archived?.objects,
  );
  const report: SealReport = {
    archiveId: options.archiveId,
    entry: `${stored.file}:${stored.line}`,
    heads,
    ...inventory,
    closed: closedBy(stored.entry),
    ...(archived === undefined ? {} : { archive: archived.archive }),
  };
  if (options.checkpoint !== true) return report;
  // Every segment is closed now; the checkpoint seal goes to a fresh one, uncovered by itself.
  const state = await ledger.computeCheckpoint(root, ledger.currentSegmentFiles(plane));
  const digest = await ledger.createObjectStore(plane).put(state.state);
  const checkpoint = { state: digest, entries: state.entries, segments: state.segments };
  // the checkpoint's heads include the first seal, so its inventory counts that seal's objects
  for (const digest of archived?.objects ?? []) digests.add(digest);
  const sealed = await append({
    archive_id: options.archiveId,
    heads: segmentHeads(plane, ledger),
    ...computeInventory(digests),
    checkpoint,
  });
  const covered = Object.values(state.segments).reduce((sum, s) => sum + s.lines, 0);
  return {
    ...report,
    checkpoint: {
      entry: `${sealed.file}:${sealed.line}`,
      state: digest,
      retained: state.entries,
      covered,
    },
  };
}

/** Segment name → hash of its last line, for every non-empty segment. */
function segmentHeads(plane: Plane, ledger: World['ledger']): Record<string, string> {
  const heads: Record<string, string> = {};
  for (const tail of ledger.readSegmentTails(ledger.ledgerDir(plane))) {
    if (tail.lastLine !== undefined) heads[tail.name] = sha256Hex(tail.lastLine);
  }
  return heads;
}

/** The seal's signer: the authority's key, or keyless through Sigstore with `--sign sigstore`. */
async function sealSigner(
  plane: Plane,
  options: SealOptions,
  ctx: Context,
  { keys }: Pick<World, 'keys'>,
): Promise<{ signer?: Signer; keyless?: KeylessSigner }> {
  const authority = plane.manifest.authorities.find((a) => a.id === options.authorityId);
  if (options.sign === 'sigstore' && authority !== undefined) {
    return { keyless: await keys.loadKeylessSigner(authority, ctx.env) };
  }
  const signer = keys.loadSigner(plane, options.authorityId, ctx.env);
  return signer === undefined ? {} : { signer };
}
