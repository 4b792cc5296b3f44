// What a command control really runs, beyond its argv: the package.json scripts it reaches, the
// package manager's and the test runner's configuration, the Makefile or shell script it names.
// The reach is part of the control's definition (references/claim.md, "The reach of a control"):
// resolved from the project's files on each side of a change, compared, and named when it moves.

/** One file as the resolver saw it. */
export type FileText = { text: string } | { absent: true } | { unreadable: string };

/** The project's files as far as the resolver has asked for them. */
export interface ReachFiles {
  /**
   * Every file of the project (relative to the root, `/`-separated), for the names only a listing
   * finds (`conftest.py` anywhere, every `Cargo.toml`); undefined until asked (`needsListing`).
   */
  listed?: readonly string[];
  /** What was read so far; a path not in it has not been asked yet. */
  read: ReadonlyMap<string, FileText>;
}

/** One thing the command's behaviour depends on, e.g. `package.json scripts.test`. */
export interface ReachItem {
  key: string;
  /** The file it lives in, relative to the root. */
  file: string;
  /** The script text or the key's JSON; for a whole file `sha256:<hex>`. */
  value: string;
  /** A whole file's text, to describe how it changed. */
  text?: string;
}

/** What could not be resolved: named, with why and what to do. */
export interface Unresolved {
  what: string;
  why: string;
  /** What the user can do about it (prose, not a command). */
  fix?: string;
}

export interface Reach {
  items: ReachItem[];
  unresolved: Unresolved[];
  /** Files to read before the reach is complete (resolve again with them). */
  needs: string[];
  /** The resolver needs the project's file listing. */
  needsListing: boolean;
}
