// The `archive` field of a seal body (references/seal.md "Plane archives"): the digest of the
// archive manifest object, which must be among the entry's objects so every verify re-hashes it.
import { HEX64 } from './parse-entry.ts';

/** What the seal entry's body says about its archive. */
export interface SealArchive {
  /** sha256 of the archive manifest object. */
  manifest: string;
  /** How many files the manifest lists. */
  files: number;
}

/** Checks the seal body's `archive` field against the entry's objects; a string names the defect. */
export function checkSealArchive(value: unknown, objects: readonly string[]): SealArchive | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'body.archive must be {manifest, files}';
  const a = value as Record<string, unknown>;
  if (Object.keys(a).sort().join(',') !== 'files,manifest')
    return 'body.archive must be {manifest, files}';
  const { manifest, files } = a;
  if (typeof manifest !== 'string' || !HEX64.test(manifest))
    return 'body.archive.manifest must be sha256 hex';
  if (typeof files !== 'number' || !Number.isInteger(files) || files < 0)
    return 'body.archive.files must be a count';
  if (!objects.includes(manifest))
    return 'body.archive.manifest is not among the entry objects: the archive is not re-hashed';
  return { manifest, files };
}
