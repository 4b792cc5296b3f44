// The settings a git call may not be given on its command line, checked by the facade (run-git.ts)
// before simple-git sees the call. simple-git's own guard refuses the settings and options it
// knows to run a program; this list also refuses whole sections it checks key by key (`url.*`,
// `filter.*`, `credential.*`, ...), `--config-env` and `--exec` anywhere, and lets through the
// settings proofgate pins itself: `core.fsmonitor` only as false, `core.hooksPath` only where the
// caller says it disables hooks, a filter driver's commands only as empty (turned off). proofgate
// never needs another, so a call that carries one is a bug
// or an injected argument and is refused before git starts. Only the global options before the
// subcommand are read: after it, `-c` is a subcommand's own flag (`ls-files -c`).

/** Keys (lower case) refused as `-c key=value`; a trailing dot refuses the whole section. */
const UNSAFE_KEYS = [
  'core.askpass',
  'core.editor',
  'core.gitproxy',
  'core.pager',
  'core.sshcommand',
  'credential.',
  'diff.',
  'difftool.',
  'filter.',
  'gpg.',
  'include.',
  'includeif.',
  'init.templatedir',
  'merge.',
  'mergetool.',
  'pager.',
  'protocol.',
  'remote.',
  'sequence.editor',
  'submodule.',
  'tar.',
  'trailer.',
  'uploadpack.',
  'url.',
];

/** Options refused anywhere in the argument list: each names a program for git to run. */
const UNSAFE_OPTIONS = /^--(upload-pack|receive-pack|exec|template|config-env)(=|$)/;

// The one form of a `filter.` setting that passes: one that turns a driver off (filter-off.ts), an
// empty clean, smudge or process command, or required false. It runs nothing.
function isFilterOff(key: string, value: string): boolean {
  const match = /^filter\..+\.(clean|smudge|process|required)$/.exec(key);
  if (match === null) return false;
  return match[1] === 'required' ? value === 'false' : value === '';
}

/**
 * Why `args` may not be given to git, or undefined when they may. `core.hooksPath` is allowed
 * only when the caller says it pins it (always to disable hooks), `core.fsmonitor` only as false.
 */
export function unsafeGitArgument(
  args: readonly string[],
  pinsHooksPath: boolean,
): string | undefined {
  for (const arg of args) if (UNSAFE_OPTIONS.test(arg)) return `option ${arg}`;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '-C') {
      i++;
      continue;
    }
    if (!arg.startsWith('-')) return undefined; // the subcommand: its own flags follow
    if (arg !== '-c') continue;
    const setting = args[++i] ?? '';
    const key = setting.split('=', 1)[0]?.trim().toLowerCase() ?? '';
    const value = setting.includes('=') ? setting.slice(setting.indexOf('=') + 1) : '';
    if (key === 'core.hookspath' && !pinsHooksPath) return `-c ${key}`;
    if (key === 'core.fsmonitor' && value !== 'false') return `-c ${key}`;
    if (isFilterOff(key, value)) continue;
    if (UNSAFE_KEYS.some((k) => (k.endsWith('.') ? key.startsWith(k) : key === k)))
      return `-c ${key}`;
  }
  return undefined;
}
