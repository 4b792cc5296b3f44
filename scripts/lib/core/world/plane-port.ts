// The plane's files as the verbs that make, change or archive a plane read and write them (the
// gate's own reads go through GateIO.loadPlane): where a plane is, its YAML, its rendered pages, the
// catalog, the manifest edits, the base's plane, the sealed archives, the meta subject's files, the
// requirement texts (io/plane/plane.ts, io/plane/write-plane.ts and their neighbours).
import type { BaseRules } from '../gate/claim/base-rules.ts';
import type { SealArchive } from '../ledger/seal-archive.ts';
import type { ArchiveFile, ArchiveManifest } from '../plane/archive.ts';
import type { CatalogControl } from '../plane/catalog.ts';
import type { Plane, PlaneLocation } from '../plane/plane.ts';
import type { MaturityRaise } from '../plane/raise-maturity.ts';
import type { Authority, PublicKey } from '../shared/authority.ts';

/** The plane's files as an archive stores them. */
export interface PlaneFiles {
  files: ArchiveFile[];
  bytes: Map<string, Buffer>;
}

/** A seal entry naming a plane archive. */
export interface ArchiveSeal {
  archiveId: string;
  archive: SealArchive;
  objects: readonly string[];
  /** `file:line` of the seal entry, for messages. */
  at: string;
}

export interface PlanePort {
  /** The plane at `root` as its files say, validated (no trust file applied, nothing cached). */
  loadPlane(root: string): Plane;
  locatePlane(root: string): PlaneLocation | undefined;
  readYamlFile(path: string, shownAs: string): unknown;
  parseYamlText(text: string, shownAs: string): unknown;
  /** The plane at the `base` ref (its manifest and registry), or why there is none. */
  readBasePlane(plane: Plane, base: string): Promise<BaseRules>;
  readPlaneFiles(plane: PlaneLocation): PlaneFiles;
  storeArchive(
    plane: PlaneLocation,
    read: PlaneFiles,
    meta: { archiveId: string; ledgerId: string; heads: Record<string, string> },
  ): Promise<{ archive: SealArchive; objects: string[] }>;
  loadArchive(
    plane: PlaneLocation,
    seal: ArchiveSeal,
    ledgerId: string,
    read?: { contents: boolean },
  ): Promise<{ manifest: ArchiveManifest; bytes: Map<string, Uint8Array> }>;
  /** The text of each requirement file (at `commit` when given); undefined when absent. */
  readRequirementTexts(
    root: string,
    paths: readonly string[],
    commit?: string,
  ): Promise<Map<string, string | undefined>>;
}

/** The plane's files as the verbs that make or change a plane write them, and the catalog. */
export interface PlaneEditPort {
  readTextFile(path: string): string;
  replaceFile(path: string, text: string): void;
  createPlaneDir(dir: string, files: ReadonlyMap<string, string>): void;
  randomLedgerId(): string;
  /** Writes the pages rendered from the plane that differ; returns the paths written. */
  writeDerivedFiles(dir: string, files: ReadonlyMap<string, string>): string[];
  findOutdated(dir: string, files: ReadonlyMap<string, string>): string[];
  loadCatalog(dir?: string): CatalogControl[];
  applyMaturityRaise(
    manifestPath: string,
    raise: MaturityRaise,
    check: (value: unknown) => void,
  ): void;
  appendAuthority(manifestPath: string, authority: Authority): void;
  markAuthorityRetired(manifestPath: string, id: string, time: string): boolean;
  addKeyToManifest(manifestPath: string, authorityId: string, key: PublicKey): void;
  /** Writes `files` and removes `removed` under `dir`; returns the undo. */
  replacePlaneFiles(
    dir: string,
    files: ReadonlyMap<string, string>,
    removed: readonly string[],
  ): () => void;
}
