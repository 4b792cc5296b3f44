// `init`'s gather and emit steps: scan, load the catalog, write the plane (the profile is read and
// compared with the plane's in init-profile.ts).
// The decisions (which controls, which policies) are made by core/plane/plan-plane.ts.
import type { World, WorldExtras } from '../../core/world/world.ts';
import { basename, join, relative } from 'node:path';
import { ConfigError, InternalError } from '../../core/errors.ts';
import { planManifest, planRegistry } from '../../core/plane/plan-plane.ts';
import type { Manifest, Maturity, ProfileFile, Registry } from '../../core/plane/types.ts';
import {
  assertManifest,
  assertPlaneReferences,
  assertRegistry,
} from '../../core/plane/validate.ts';
import type { ScanResult } from '../../core/scan/types.ts';
import { renderPlaneFiles } from '../../render/plane-docs.ts';
import { renderManifestYaml, renderRegistryYaml } from '../../render/plane-yaml.ts';
import { DEFAULT_PLANE_DIR } from '../../core/plane/plane.ts';
import { ROOT_SEGMENT, rootBody } from '../../core/ledger/ledger-root.ts';
import type { StoredEntry } from '../../core/ledger/types.ts';
import type { MaturityRaise } from '../../core/plane/raise-maturity.ts';
import { describeDifferences, maturityRaise } from './init-profile.ts';
import type { ExclusionStep } from '../../core/plane/package-exclusion-step.ts';
import { reinitPlane, type ReplacedPlane } from './reinit-flow.ts';

export interface InitPlaneResult {
  mode: 'created' | 'unchanged' | 'raised' | 'replaced';
  /** With mode `replaced` (`--from-archive`): the predecessor and what was kept. */
  replaced?: ReplacedPlane;
  /** With mode `raised`: the target maturity before and after. */
  raised?: { from: Maturity; to: Maturity };
  /** Plane directory relative to the root ('' when the plane is the root itself). */
  plane: string;
  /** Files written, relative to the plane directory. */
  written: string[];
  /** Files outside the plane that init changed, relative to the root (e.g. .prettierignore). */
  alsoChanged?: string[];
  /**
   * What init did so that the package the project publishes leaves the plane out, per packaging
   * file: `changed` when it wrote the file (.npmignore, MANIFEST.in, pyproject.toml, Cargo.toml).
   */
  packaging: PackagingNote[];
  /**
   * The profile file (relative to the root) when it lies inside the project and git does not
   * ignore it: its decisions are in the manifest now (init kept it out of the package; a commit
   * would still carry it).
   */
  profileInProject?: string;
  manifest: Manifest;
  registry: Registry;
  candidates: ScanResult['candidates'];
}

/** The world `init` works in: the plane files, the scan, the ledger root's append. */
export type InitWorld = World & Pick<WorldExtras, 'repo' | 'planeEdits'>;

// Writes the raise into the manifest (validated first) and re-renders the derived pages.
function raiseMaturity(
  root: string,
  raise: MaturityRaise,
  candidates: ScanResult['candidates'],
  manifestFile: string,
  { planeFiles, planeEdits }: InitWorld,
): InitPlaneResult {
  const before = planeFiles.loadPlane(root);
  planeEdits.applyMaturityRaise(before.manifestPath, raise, (value) => {
    assertManifest(value, manifestFile);
    assertPlaneReferences(value, before.registry, { manifest: manifestFile, registry: 'registry' });
  });
  const plane = planeFiles.loadPlane(root);
  const written = planeEdits.writeDerivedFiles(
    plane.dir,
    renderPlaneFiles(plane.manifest, plane.registry),
  );
  return {
    mode: 'raised',
    raised: { from: raise.from, to: raise.to },
    plane: plane.rel,
    written: ['controls/manifest.yaml', ...written],
    packaging: [],
    manifest: plane.manifest,
    registry: plane.registry,
    candidates,
  };
}

function rerender(
  root: string,
  wanted: ProfileFile,
  candidates: ScanResult['candidates'],
  keepOut: readonly string[],
  world: InitWorld,
): InitPlaneResult {
  const { planeFiles, planeEdits, repo } = world;
  const plane = planeFiles.loadPlane(root);
  const packaging = repo.planExclusionsAt(
    root,
    [plane.rel === '' ? 'controls' : plane.rel],
    keepOut,
  );
  const manifestFile = relative(root, plane.manifestPath);
  const raise = maturityRaise(plane.manifest, wanted, manifestFile);
  if (raise !== undefined) {
    const raised = raiseMaturity(root, raise, candidates, manifestFile, world);
    if (plane.rel === '') return raised;
    // the plane was left out when it was created: what is new here is a profile inside the project
    repo.applyExclusions(root, packaging);
    return { ...raised, packaging: packaging.filter((s) => s.kind === 'write').map(noteOf) };
  }
  const differences = describeDifferences(plane.manifest, wanted);
  if (differences.length > 0)
    throw new ConfigError(
      'PLANE_EXISTS',
      `a control plane already exists with different decisions; nothing was changed`,
      {
        where: manifestFile,
        problems: differences,
        next: `to change decisions, edit the profile in ${manifestFile} and the registry, then run "proofgate init --render"; to replace the plane, seal it and re-initialise from the archive: proofgate seal --archive-id pre-reinit --archive, then proofgate init <same profile> --from-archive pre-reinit`,
      },
    );
  const written = planeEdits.writeDerivedFiles(
    plane.dir,
    renderPlaneFiles(plane.manifest, plane.registry),
  );
  // a plane at the repository root is the project's own files: nothing to leave out
  if (plane.rel !== '') repo.applyExclusions(root, packaging);
  return {
    mode: 'unchanged',
    plane: plane.rel,
    written,
    packaging: plane.rel === '' ? [] : packaging.map(noteOf),
    manifest: plane.manifest,
    registry: plane.registry,
    candidates,
  };
}

/** The ledger root, in its own segment: every writer's first entry records it as a head. */
async function appendRoot(
  root: string,
  time: Date,
  { planeFiles, ledger, host }: InitWorld,
): Promise<StoredEntry> {
  const plane = planeFiles.loadPlane(root);
  const ledgerId = plane.manifest.ledger_id;
  return ledger.appendEntry(
    plane,
    {
      kind: 'note',
      time: time.toISOString(),
      actor: {
        label: 'proofgate init',
        authority: 'virtual:developer',
        context: host.defaultExecutionContext(),
      },
      subject: await ledger.readMetaSubject(plane),
      body: rootBody(ledgerId),
    },
    { manifest: plane.manifest, segmentBase: ROOT_SEGMENT },
  );
}

/**
 * `keepOut`: files inside the project (relative to the root) kept out of its package beside the
 * plane: the profile init read, when it lies there.
 */
export async function initPlane(
  root: string,
  profile: ProfileFile,
  now: Date,
  fromArchive: string | undefined,
  world: InitWorld,
  keepOut: readonly string[] = [],
): Promise<InitPlaneResult> {
  const { planeFiles, planeEdits, repo } = world;
  const scan = await repo.scanRepository(root);
  if (fromArchive !== undefined) {
    // the plane was left out when it was created: what may be new is a profile inside the project
    const packaging = repo.planExclusionsAt(root, [DEFAULT_PLANE_DIR], keepOut);
    const replaced = await reinitPlane(root, profile, fromArchive, scan, now, world);
    if (replaced.plane !== '') repo.applyExclusions(root, packaging);
    const written = replaced.plane === '' ? [] : packaging.filter((s) => s.kind === 'write');
    return { ...replaced, packaging: written.map(noteOf), candidates: scan.candidates };
  }
  if (planeFiles.locatePlane(root) !== undefined)
    return rerender(root, profile, scan.candidates, keepOut, world);
  const input = {
    ledgerId: planeEdits.randomLedgerId(),
    defaultProjectName: basename(root),
    profile,
    catalog: planeEdits.loadCatalog(),
    scan,
  };
  const manifest = planManifest(input);
  const registry = planRegistry(input);
  // refused (exit 2) before anything is written when a packaging file cannot be edited safely
  const packaging = repo.planExclusionsAt(root, [DEFAULT_PLANE_DIR], keepOut);
  try {
    assertManifest(manifest, 'planned manifest');
    assertRegistry(registry, 'planned registry');
    assertPlaneReferences(manifest, registry, {
      manifest: 'planned manifest',
      registry: 'planned registry',
    });
  } catch (error) {
    throw new InternalError('init planned a plane that fails its own schema', {
      cause: error,
      problems: (error as ConfigError).problems,
    });
  }
  const files = new Map<string, string>([
    ['controls/manifest.yaml', renderManifestYaml(manifest)],
    ['controls/registry.yaml', renderRegistryYaml(registry)],
    ...renderPlaneFiles(manifest, registry),
    ['evidence/ledger/.gitkeep', ''],
    ['knowledge/.gitkeep', ''],
  ]);
  planeEdits.createPlaneDir(join(root, DEFAULT_PLANE_DIR), files);
  const ledgerRoot = await appendRoot(root, now, world);
  const ignored = repo.ignoreRenderedPages(root, DEFAULT_PLANE_DIR);
  repo.applyExclusions(root, packaging);
  return {
    mode: 'created',
    plane: DEFAULT_PLANE_DIR,
    written: [...files.keys(), ledgerRoot.file.slice(DEFAULT_PLANE_DIR.length + 1)],
    ...(ignored === undefined ? {} : { alsoChanged: [ignored] }),
    packaging: packaging.map(noteOf),
    manifest,
    registry,
    candidates: scan.candidates,
  };
}

export interface PackagingNote {
  file: string;
  changed: boolean;
  why: string;
}

function noteOf(step: ExclusionStep): PackagingNote {
  return { file: step.file, changed: step.kind === 'write', why: step.why };
}
