// Plane archives in the evidence object store (references/seal.md "Plane archives"): reads the
// plane's archived files, stores them and their archive manifest as objects, and reads an archive
// back, re-hashing every object against the manifest and the seal entry that names it.
import { lstatSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, IntegrityError } from '../../core/errors.ts';
import { sha256Hex } from '../../core/hash.ts';
import type { SealArchive } from '../../core/ledger/seal-archive.ts';
import type { LedgerFinding } from '../../core/ledger/types.ts';
import {
  ARCHIVE_FORMAT,
  archiveManifestText,
  isArchived,
  parseArchiveManifest,
  type ArchiveFile,
  type ArchiveManifest,
} from '../../core/plane/archive.ts';
import type { PlaneLocation } from '../../core/plane/plane.ts';
import { createObjectStore } from '../ledger/objects.ts';
import type { PlaneFiles, ArchiveSeal } from '../../core/world/plane-port.ts';

/** Reads every archived file of the plane; a symlink or special file is refused (exit 2). */
export function readPlaneFiles(plane: PlaneLocation): PlaneFiles {
  const atRoot = plane.rel === '';
  const files: ArchiveFile[] = [];
  const bytes = new Map<string, Buffer>();
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(plane.dir, rel)).sort()) {
      const path = rel === '' ? name : `${rel}/${name}`;
      const stat = lstatSync(join(plane.dir, path));
      if (stat.isDirectory()) {
        if (descends(path, atRoot)) walk(path);
      } else if (!isArchived(path, atRoot)) continue;
      else if (!stat.isFile())
        throw new ConfigError('PLANE_EXISTS', `${path} in the plane is not a regular file`, {
          where: join(plane.rel, path),
          expected: 'only regular files and directories in the plane (no symlinks)',
          next: 'replace the link with the file it points to, then run the command again',
        });
      else {
        const data = readFileSync(join(plane.dir, path));
        files.push({ path, sha256: sha256Hex(data), bytes: data.length });
        bytes.set(path, data);
      }
    }
  };
  walk('');
  return { files, bytes };
}

/** Whether a folder can hold archived files (the evidence store never does). */
function descends(path: string, atRoot: boolean): boolean {
  if (path === 'evidence') return false;
  if (!atRoot) return true;
  const top = path.split('/')[0];
  return top === 'controls' || top === 'knowledge';
}

/** Stores the files and their manifest; returns the seal body's `archive` and every digest. */
export async function storeArchive(
  plane: PlaneLocation,
  read: PlaneFiles,
  meta: { archiveId: string; ledgerId: string; heads: Record<string, string> },
): Promise<{ archive: SealArchive; objects: string[] }> {
  const store = createObjectStore(plane);
  for (const data of read.bytes.values()) await store.put(data);
  const manifest: ArchiveManifest = {
    format: ARCHIVE_FORMAT,
    archive_id: meta.archiveId,
    ledger_id: meta.ledgerId,
    heads: meta.heads,
    files: read.files,
  };
  const digest = await store.put(Buffer.from(archiveManifestText(manifest), 'utf8'));
  return {
    archive: { manifest: digest, files: read.files.length },
    objects: [digest, ...read.files.map((f) => f.sha256)],
  };
}

/**
 * Reads the archive a seal names and re-verifies it: the manifest object re-hashes to the seal's
 * digest and belongs to this ledger and id, and every file it lists is among the seal's objects,
 * present and re-hashes with its size. Any defect is an IntegrityError (exit 3).
 */
export async function loadArchive(
  plane: PlaneLocation,
  seal: ArchiveSeal,
  ledgerId: string,
  /** `contents: false`: the files are only checked against the seal's objects, not read. */
  read: { contents: boolean } = { contents: true },
): Promise<{ manifest: ArchiveManifest; bytes: Map<string, Uint8Array> }> {
  const store = createObjectStore(plane);
  const fail = (message: string, code: 'SEAL_INVALID' | 'OBJECT_MISSING' = 'SEAL_INVALID') =>
    new IntegrityError(code, `archive ${seal.archiveId}: ${message}; nothing was written`, {
      where: seal.at,
      next: 'restore the archive objects from git (git checkout -- <plane>/evidence/objects), or seal the plane again under a new id and re-initialise from that',
    });
  const text = await store.get(seal.archive.manifest);
  if (text === undefined) throw fail('its archive manifest object is missing', 'OBJECT_MISSING');
  if (sha256Hex(text) !== seal.archive.manifest)
    throw fail('its archive manifest does not re-hash to the digest the seal records');
  const manifest = parseArchiveManifest(Buffer.from(text).toString('utf8'));
  if (typeof manifest === 'string') throw fail(manifest);
  if (manifest.ledger_id !== ledgerId)
    throw fail(
      `its manifest belongs to ledger ${manifest.ledger_id}, not this plane's ${ledgerId}`,
    );
  if (manifest.archive_id !== seal.archiveId)
    throw fail(`its manifest names archive ${manifest.archive_id}`);
  if (manifest.files.length !== seal.archive.files)
    throw fail(`its manifest lists ${manifest.files.length} files, the seal ${seal.archive.files}`);
  const bytes = new Map<string, Uint8Array>();
  for (const file of manifest.files) {
    if (!seal.objects.includes(file.sha256))
      throw fail(`${file.path} is not among the seal entry's objects`);
    if (!read.contents) continue;
    const data = await store.get(file.sha256);
    if (data === undefined) throw fail(`the object of ${file.path} is missing`, 'OBJECT_MISSING');
    if (sha256Hex(data) !== file.sha256 || data.length !== file.bytes)
      throw fail(`${file.path} does not re-hash to its recorded digest and size`);
    bytes.set(file.path, data);
  }
  return { manifest, bytes };
}

/**
 * The one integrity check's part for plane archives: each seal with an archive must name a
 * manifest of this ledger and archive id whose every file is among the seal's objects (which the
 * verifier re-hashes), so no archived file escapes verification.
 */
export async function archiveFindings(
  plane: PlaneLocation,
  seals: readonly (ArchiveSeal & { file: string; line: number })[],
  ledgerId: string,
): Promise<LedgerFinding[]> {
  const findings: LedgerFinding[] = [];
  for (const seal of seals) {
    try {
      await loadArchive(plane, seal, ledgerId, { contents: false });
    } catch (error) {
      // a missing or corrupt object is the verifier's finding already (OBJECT_MISSING/CORRUPT)
      if ((error as IntegrityError).code !== 'SEAL_INVALID') continue;
      findings.push({
        file: seal.file,
        line: seal.line,
        code: 'SEAL_INVALID',
        message: (error as Error).message.replace(/; nothing was written$/, ''),
      });
    }
  }
  return findings;
}
