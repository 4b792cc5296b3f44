// What keeping proofgate's directories out of a package plans, file by file: the packaging files
// read at the repository root, and one step per file (write it, refuse with the lines to add, or
// nothing to do).
/** The packaging files at the repository root, as text (undefined when absent). */
export interface PackagingFiles {
  'package.json'?: string;
  '.npmignore'?: string;
  '.gitignore'?: string;
  'pyproject.toml'?: string;
  'setup.py'?: string;
  'setup.cfg'?: string;
  'MANIFEST.in'?: string;
  'Cargo.toml'?: string;
}

export type PackagingFile = keyof PackagingFiles;

export type ExclusionStep =
  /** Write `text` to `file` (created or replaced). */
  | { kind: 'write'; file: PackagingFile; text: string; why: string }
  /** Not safe to edit: the owner adds `lines` to `file` by hand. */
  | { kind: 'refuse'; file: PackagingFile; lines: string[]; why: string }
  /** Nothing to do, and why (the file already excludes it, or the package cannot hold it). */
  | { kind: 'ok'; file: PackagingFile; why: string };

/** One path kept out of a package: a directory of proofgate's, or a single file (init's profile). */
export interface ExcludedPath {
  /** Repository-relative, without a leading or trailing slash. */
  path: string;
  dir: boolean;
}

/** The entries of `dirs` (directories) and `loose` (single files). */
export function excludedPaths(dirs: readonly string[], loose: readonly string[]): ExcludedPath[] {
  return [
    ...dirs.map((path) => ({ path, dir: true })),
    ...loose.map((path) => ({ path, dir: false })),
  ];
}

/** The gitignore-style line npm and cargo read: `dir/`, or a file anchored at the root. */
export function ignoreLine(entry: ExcludedPath): string {
  return entry.dir ? `${entry.path}/` : `/${entry.path}`;
}
