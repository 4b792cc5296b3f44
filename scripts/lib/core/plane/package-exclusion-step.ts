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
