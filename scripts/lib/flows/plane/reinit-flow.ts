// `init --from-archive <id>` (references/init.md "Replacing a plane"): replaces an existing plane
// only when bound to a sealed archive of it that re-verifies: the archive's seal is in a ledger with
// no integrity finding, its manifest and every file re-hash, it belongs to this ledger, and the
// plane on disk is still exactly what it archived (so nothing is discarded without a sealed copy).
// The new manifest and registry come from the profile; every other archived file (knowledge,
// custom rules under controls/) stays byte for byte; the ledger is not reset.
import type { World, WorldExtras } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import { ConfigError, IntegrityError, UsageError } from '../../core/errors.ts';
import { readSealBody } from '../../core/ledger/verify-seals.ts';
import type { StoredEntry } from '../../core/ledger/types.ts';
import { compareWithArchive, isRegenerated } from '../../core/plane/archive.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { Manifest, ProfileFile, Registry } from '../../core/plane/types.ts';
import { planManifest, planRegistry } from '../../core/plane/plan-plane.ts';
import {
  assertManifest,
  assertPlaneReferences,
  assertRegistry,
} from '../../core/plane/validate.ts';
import { renderPlaneFiles } from '../../render/plane-docs.ts';
import { renderManifestYaml, renderRegistryYaml } from '../../render/plane-yaml.ts';
import type { ScanResult } from '../../core/scan/types.ts';
import { basename } from 'node:path';
import type { ArchiveSeal } from '../../core/world/plane-port.ts';

/** The ledger note a re-initialised plane records (references/init.md "Replacing a plane"). */
export const PREDECESSOR_NOTE_TYPE = 'plane-predecessor';

/** What `init --from-archive` did, beside init's usual result fields. */
export interface ReplacedPlane {
  predecessor: { archive_id: string; digest: string };
  /** Archived files kept byte for byte (relative to the plane directory). */
  carried: string[];
  /** Rendered pages the new registry no longer has, removed. */
  removed: string[];
  /** `file:line` of the predecessor note. */
  entry: string;
}

export interface ReinitResult {
  mode: 'replaced';
  plane: string;
  written: string[];
  packaging: [];
  manifest: Manifest;
  registry: Registry;
  replaced: ReplacedPlane;
}

/** Finds the newest seal of `archiveId` that archived the plane, in a ledger that verifies. */
async function findArchiveSeal(
  plane: Plane,
  archiveId: string,
  ctx: Pick<Context, 'clock'>,
  { ledger }: Pick<World, 'ledger'>,
): Promise<ArchiveSeal> {
  let found: ArchiveSeal | undefined;
  let sealedWithout = false;
  const anchor = await ledger.resolveAnchor(plane, { upstream: 'find' });
  const result = await ledger.checkIntegrity(
    plane,
    {
      anchor,
      onEntry: (stored: StoredEntry) => {
        if (stored.entry.kind !== 'seal') return;
        const body = readSealBody(stored.entry);
        if (typeof body === 'string' || body.archive_id !== archiveId) return;
        if (body.archive === undefined) sealedWithout = true;
        else
          found = {
            archiveId,
            archive: body.archive,
            objects: stored.entry.storage.objects,
            at: `${stored.file}:${stored.line}`,
          };
      },
    },
    ctx,
  );
  if (result.findingCount > 0)
    throw new IntegrityError(
      'SEAL_INVALID',
      `refusing to re-initialise from a ledger with ${result.findingCount} findings; nothing was written`,
      {
        problems: result.findings.map((f) => `${f.file}:${f.line}: ${f.code} ${f.message}`),
        next: 'run "proofgate verify --full" and resolve every finding first',
        findingCount: result.findingCount,
      },
    );
  if (found !== undefined) return found;
  throw new UsageError('UNKNOWN_ID', `no plane archive ${archiveId} in this ledger`, {
    where: '--from-archive',
    expected: sealedWithout
      ? `seal ${archiveId} was recorded without --archive: it holds no copy of the plane`
      : 'the id of a seal recorded with --archive in this ledger',
    next: `seal the plane first: proofgate seal --archive-id ${sealedWithout ? `${archiveId}-plane` : archiveId} --archive`,
  });
}

/** The planned manifest, keeping the ledger id and every authority (keys, identities) the plane had. */
function planReplacement(
  plane: Plane,
  profile: ProfileFile,
  scan: ScanResult,
  predecessor: Manifest['predecessor'],
  { planeEdits }: Pick<WorldExtras, 'planeEdits'>,
): { manifest: Manifest; registry: Registry } {
  const input = {
    ledgerId: plane.manifest.ledger_id,
    defaultProjectName: basename(plane.root),
    profile,
    catalog: planeEdits.loadCatalog(),
    scan,
  };
  const planned = planManifest(input);
  const kept = new Set(plane.manifest.authorities.map((a) => a.id));
  const manifest: Manifest = {
    ...planned,
    authorities: [
      ...plane.manifest.authorities,
      ...planned.authorities.filter((a) => !kept.has(a.id)),
    ],
    ...(predecessor === undefined ? {} : { predecessor }),
  };
  const registry = planRegistry(input);
  assertManifest(manifest, 'planned manifest');
  assertRegistry(registry, 'planned registry');
  assertPlaneReferences(manifest, registry, {
    manifest: 'planned manifest',
    registry: 'planned registry',
  });
  return { manifest, registry };
}

export async function reinitPlane(
  root: string,
  profile: ProfileFile,
  archiveId: string,
  scan: ScanResult,
  now: Date,
  world: World & Pick<WorldExtras, 'planeEdits'>,
): Promise<ReinitResult> {
  const { ledger, planeFiles, planeEdits } = world;
  if (planeFiles.locatePlane(root) === undefined)
    throw new UsageError('BAD_VALUE', `--from-archive replaces a plane, and there is none here`, {
      where: '--from-archive',
      next: 'create the plane instead: proofgate init --profile profile.yaml',
    });
  const plane = planeFiles.loadPlane(root);
  const ctx = { clock: { now: () => now } };
  const seal = await findArchiveSeal(plane, archiveId, ctx, world);
  const { manifest: archived } = await planeFiles.loadArchive(
    plane,
    seal,
    plane.manifest.ledger_id,
  );
  const current = planeFiles.readPlaneFiles(plane);
  const drift = compareWithArchive(archived.files, current.files);
  if (drift.length > 0)
    throw new ConfigError(
      'PLANE_EXISTS',
      `the plane changed since archive ${archiveId} was sealed; nothing was written`,
      {
        where: plane.rel === '' ? 'the plane' : plane.rel,
        problems: drift,
        next: `seal the plane as it is now under a new id, then replace it from that: proofgate seal --archive-id ${archiveId}-2 --archive`,
      },
    );
  const predecessor = { archive_id: archiveId, digest: seal.archive.manifest };
  const { manifest, registry } = planReplacement(plane, profile, scan, predecessor, world);
  const files = new Map<string, string>([
    ['controls/manifest.yaml', renderManifestYaml(manifest)],
    ['controls/registry.yaml', renderRegistryYaml(registry)],
    ...renderPlaneFiles(manifest, registry),
  ]);
  const removed = archived.files
    .map((f) => f.path)
    .filter((path) => isRegenerated(path) && !files.has(path));
  const carried = archived.files.map((f) => f.path).filter((path) => !isRegenerated(path));
  // Written all at once; if the note cannot be appended, the previous bytes are put back.
  const restore = planeEdits.replacePlaneFiles(plane.dir, files, removed);
  let entry: StoredEntry;
  try {
    const replaced = planeFiles.loadPlane(plane.root);
    entry = await ledger.appendEntry(
      replaced,
      {
        kind: 'note',
        time: ctx.clock.now().toISOString(),
        actor: {
          label: 'proofgate init --from-archive',
          authority: 'virtual:developer',
          context: world.host.defaultExecutionContext(),
        },
        subject: await ledger.readMetaSubject(replaced),
        body: { type: PREDECESSOR_NOTE_TYPE, ...predecessor, seal: seal.at },
        objects: [seal.archive.manifest],
      },
      { manifest: replaced.manifest },
    );
  } catch (error) {
    restore();
    throw error;
  }
  return {
    mode: 'replaced',
    plane: plane.rel,
    written: [...files.keys()],
    packaging: [],
    manifest,
    registry,
    replaced: { predecessor, carried, removed, entry: `${entry.file}:${entry.line}` },
  };
}
