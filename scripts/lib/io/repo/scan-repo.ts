// Scan's gather step: the file list from git (honours .gitignore) and the handful of files the
// core asked for. Never executes anything from the repository.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildScan, selectFilesToRead } from '../../core/scan/build-scan.ts';
import type { ScanResult } from '../../core/scan/types.ts';
import { SKILL_DIRS } from '../../core/skill/plan-skill-install.ts';
import { listVisibleFiles } from '../git.ts';

/** Files larger than this are listed but not read. */
const MAX_READ_BYTES = 512 * 1024;

/** The installed skill folders: proofgate's own pages, never the project's content. */
const SKILL_PREFIXES = Object.values(SKILL_DIRS).map((dir) => `${dir}/`);

/**
 * Every tracked and untracked, not ignored path, POSIX separators, sorted, unique; the installed
 * skill folders left out.
 */
async function listRepoFiles(root: string): Promise<string[]> {
  const paths = (await listVisibleFiles(root)).filter(
    (p) => !SKILL_PREFIXES.some((s) => p.startsWith(s)),
  );
  return [...new Set(paths)].sort();
}

function readSmallFiles(root: string, paths: readonly string[]): Map<string, string> {
  const contents = new Map<string, string>();
  for (const path of paths) {
    try {
      const full = join(root, path);
      const stat = statSync(full);
      if (stat.isFile() && stat.size <= MAX_READ_BYTES)
        contents.set(path, readFileSync(full, 'utf8'));
    } catch {
      // Listed by git but deleted from the working tree: nothing to read.
    }
  }
  return contents;
}

export async function scanRepository(root: string): Promise<ScanResult> {
  const paths = await listRepoFiles(root);
  return buildScan(paths, readSmallFiles(root, selectFilesToRead(paths)));
}
