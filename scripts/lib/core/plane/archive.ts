// A sealed plane archive (references/seal.md "Plane archives"): the plane's files, each stored by
// digest in the evidence object store, listed with their sha256 and size in an archive manifest
// that is itself an object; the seal entry names the manifest's digest. Pure: what is archived,
// what a re-initialised plane carries over, and how an archive compares with a plane.
import { canonicalize } from '../shared/canonical.ts';

export const ARCHIVE_FORMAT = 'proofgate.plane-archive.v1';

export interface ArchiveFile {
  /** Relative to the plane directory, POSIX separators. */
  path: string;
  sha256: string;
  bytes: number;
}

export interface ArchiveManifest {
  format: typeof ARCHIVE_FORMAT;
  archive_id: string;
  ledger_id: string;
  /** The segment heads the seal records: the ledger state the archive belongs to. */
  heads: Record<string, string>;
  files: ArchiveFile[];
}

const HEX64 = /^[0-9a-f]{64}$/;
const SAFE_PATH = /^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[^\0\\]+$/;

/**
 * Whether a plane file belongs in the archive: everything but the evidence store (the ledger and
 * the objects are their own record). A plane at the repository root archives only its own folders.
 */
export function isArchived(rel: string, planeAtRoot: boolean): boolean {
  if (rel === 'evidence' || rel.startsWith('evidence/')) return false;
  if (!planeAtRoot) return true;
  return rel.startsWith('controls/') || rel.startsWith('knowledge/');
}

/** The files `init --from-archive` writes anew: the manifest, the registry and the rendered pages. */
export function isRegenerated(rel: string): boolean {
  return (
    rel === 'controls/manifest.yaml' ||
    rel === 'controls/registry.yaml' ||
    rel === 'INDEX.md' ||
    rel.startsWith('docs/')
  );
}

/** The manifest's bytes as stored: canonical JSON, files sorted by path. */
export function archiveManifestText(manifest: ArchiveManifest): string {
  const files = [...manifest.files].sort((a, b) => (a.path < b.path ? -1 : 1));
  return canonicalize({ ...manifest, files });
}

/** Parses a stored archive manifest; a string names what is wrong. */
export function parseArchiveManifest(text: string): ArchiveManifest | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'the archive manifest is not JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'the archive manifest is not an object';
  const m = value as Record<string, unknown>;
  if (Object.keys(m).sort().join(',') !== 'archive_id,files,format,heads,ledger_id')
    return 'the archive manifest must hold exactly format, archive_id, ledger_id, heads, files';
  if (m['format'] !== ARCHIVE_FORMAT) return `the archive manifest format is not ${ARCHIVE_FORMAT}`;
  if (typeof m['archive_id'] !== 'string' || typeof m['ledger_id'] !== 'string')
    return 'archive_id and ledger_id must be strings';
  const heads = m['heads'];
  if (typeof heads !== 'object' || heads === null || Array.isArray(heads))
    return 'heads must be an object';
  const files = m['files'];
  if (!Array.isArray(files)) return 'files must be a list';
  const seen = new Set<string>();
  for (const [i, file] of files.entries()) {
    const f = file as Record<string, unknown>;
    if (
      typeof f !== 'object' ||
      f === null ||
      typeof f['path'] !== 'string' ||
      !SAFE_PATH.test(f['path']) ||
      typeof f['sha256'] !== 'string' ||
      !HEX64.test(f['sha256']) ||
      typeof f['bytes'] !== 'number' ||
      !Number.isInteger(f['bytes'])
    )
      return `files[${i}] must be {path (relative, no ..), sha256, bytes}`;
    if (seen.has(f['path'])) return `files[${i}]: ${f['path']} is listed twice`;
    seen.add(f['path']);
  }
  if (canonicalize(value) !== text) return 'the archive manifest is not in canonical form';
  return value as ArchiveManifest;
}

/** How the files on disk differ from the archive's: changed, added and missing paths. */
export function compareWithArchive(
  archived: readonly ArchiveFile[],
  current: readonly ArchiveFile[],
): string[] {
  const before = new Map(archived.map((f) => [f.path, f.sha256]));
  const now = new Map(current.map((f) => [f.path, f.sha256]));
  const problems: string[] = [];
  for (const [path, digest] of now) {
    const old = before.get(path);
    if (old === undefined) problems.push(`${path}: added since the archive was sealed`);
    else if (old !== digest) problems.push(`${path}: changed since the archive was sealed`);
  }
  for (const path of before.keys())
    if (!now.has(path)) problems.push(`${path}: removed since the archive was sealed`);
  return problems.sort();
}
