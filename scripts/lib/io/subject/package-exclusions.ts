// Reads the root's packaging files and writes the exclusions core/plane/package-exclusions.ts
// plans, so proofgate's directories are not published with the project. Refuses (exit 2, nothing
// written) when an edit cannot be made safely, naming the exact lines to add.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../../core/errors.ts';
import { planPackageExclusions } from '../../core/plane/package-exclusions.ts';
import type {
  ExclusionStep,
  PackagingFile,
  PackagingFiles,
} from '../../core/plane/package-exclusion-step.ts';
import { replaceFile } from '../plane/write-plane.ts';

const FILES: readonly PackagingFile[] = [
  'package.json',
  '.npmignore',
  '.gitignore',
  'pyproject.toml',
  'setup.py',
  'setup.cfg',
  'MANIFEST.in',
  'Cargo.toml',
];

function readPackagingFiles(root: string): PackagingFiles {
  const files: PackagingFiles = {};
  for (const name of FILES) {
    const path = join(root, name);
    if (existsSync(path)) files[name] = readFileSync(path, 'utf8');
  }
  return files;
}

/** The plan for `dirs`; throws (exit 2) when one edit is unsafe, before anything is written. */
export function planExclusionsAt(
  root: string,
  dirs: readonly string[],
  loose: readonly string[] = [],
): ExclusionStep[] {
  const steps = planPackageExclusions(readPackagingFiles(root), dirs, loose);
  const refused = steps.filter((s) => s.kind === 'refuse');
  if (refused.length > 0)
    throw new ConfigError(
      'PACKAGING_UNSAFE',
      `proofgate's files would be published with the project, and ${refused.map((r) => r.file).join(', ')} cannot be edited safely; nothing was written`,
      {
        where: refused.map((r) => r.file).join(', '),
        problems: refused.map((r) => `${r.file}: ${r.why}; add: ${r.lines.join(' / ')}`),
        next: `add those lines to ${refused.map((r) => r.file).join(', ')}, then run this command again`,
      },
    );
  return steps;
}

/** Writes the planned files. */
export function applyExclusions(root: string, steps: readonly ExclusionStep[]): void {
  for (const step of steps)
    if (step.kind === 'write') replaceFile(join(root, step.file), step.text);
}
