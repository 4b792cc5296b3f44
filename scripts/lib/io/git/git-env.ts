// What every git the gate starts is given besides its arguments: the environment and the pinned
// settings. The gateway (run-git.ts) applies them to every call; prefetch.ts starts the hot verbs'
// first questions with the very same ones, so the gateway can take those answers as its own. A
// leaf module (nothing but Node built-ins), so the small prefetch script the build makes from
// prefetch.ts holds these values themselves, not a copy of them.

// GIT_NO_REPLACE_OBJECTS: `git replace` (refs/replace/*, which the agent can write) never makes
// one object read as another, so a base commit, its tree or the ledger's blobs are what they are.
const GIT_ENV = {
  GIT_TERMINAL_PROMPT: '0',
  GIT_OPTIONAL_LOCKS: '0',
  GIT_NO_REPLACE_OBJECTS: '1',
  GIT_ATTR_NOSYSTEM: '1',
  LC_ALL: 'C',
};

/** The guarded variables this facade itself may hand git; simple-git refuses any other. */
export const ALLOWED_ENV = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_INDEX_FILE',
  'GIT_TERMINAL_PROMPT',
  'GIT_OPTIONAL_LOCKS',
  'GIT_NO_REPLACE_OBJECTS',
  'GIT_ATTR_NOSYSTEM',
];

// Settings the agent could use to make git report a changed file as clean or a new file as ignored:
// attributes from a file outside the repository (a filter or conversion named there), a
// file-system monitor that answers "nothing changed", an untracked cache trusted over a
// directory's back-dated mtime, stat checks that ignore ctime, exclude files outside the
// repository's own .gitignore files, and sparse-checkout rules. `core.fsmonitor` is only ever
// pinned off here (the argument guard refuses any other value).
export const PINNED_EXCLUDES = 'core.excludesFile=/dev/null';
export const PINNED = [
  'core.attributesFile=/dev/null',
  'core.fsmonitor=false',
  'core.untrackedCache=false',
  'core.trustctime=true',
  'core.checkStat=default',
  'core.ignoreStat=false',
  'core.sparseCheckout=false',
];

// Ambient variables dropped from git's environment: any GIT_* (which could name another
// repository, index, configuration or object store) and the programs git would start.
// simple-git sets GIT_TEST_DISALLOW_ABBREVIATED_OPTIONS=true itself: git then refuses an
// abbreviated long option (`--exe` for `--exec`) instead of guessing it.
const GUARDED = /^(git_|editor$|visual$|pager$|ssh_askpass$|prefix$)/i;

/** What simple-git adds to every environment it is given (its abbreviated-options guard). */
export const SIMPLE_GIT_ENV = { GIT_TEST_DISALLOW_ABBREVIATED_OPTIONS: 'true' };

/** This process's environment without the guarded variables, with GIT_ENV and `extra` set. */
export function childEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !GUARDED.test(key)) env[key] = value;
  }
  return { ...env, ...GIT_ENV, ...extra };
}
