// The reach of one command control: from its argv (and `cwd`), the files and values that decide
// what it runs. Pure and incremental: it resolves with the files read so far and lists the ones it
// still needs (`needs`, `needsListing`); the caller reads them and resolves again, until none.
import { posix } from 'node:path';
import { JS_RUNNERS, JUSTFILES, MANAGER_FILES } from './config-files.ts';
import type { Reach, ReachFiles } from './reach.ts';
import {
  at,
  bindFile,
  bindNamed,
  flagValue,
  MAX_DEPTH,
  note,
  operands,
  read,
  readScripts,
  type Walk,
} from './reach-walk.ts';
import { isAssignment, splitCommands } from './shell-words.ts';
import { bindCargo, bindPytest, bindRunner, runMake } from './tool-reach.ts';

type Manager = 'npm' | 'pnpm' | 'yarn';

/** The reach of `argv` run in `cwd` (relative to the root), with what is read so far. */
export function resolveReach(
  argv: readonly string[],
  cwd: string | undefined,
  files: ReachFiles,
): Reach {
  const walk: Walk = {
    files,
    dir: cwd === undefined || cwd === '' || cwd === '.' ? '' : posix.normalize(cwd),
    items: new Map(),
    unresolved: new Map(),
    needs: new Set(),
    needsListing: false,
    seen: new Set(),
  };
  runWords(walk, argv, 0);
  return {
    items: [...walk.items.values()].sort((a, b) => a.key.localeCompare(b.key)),
    unresolved: [...walk.unresolved.values()],
    needs: [...walk.needs].sort(),
    needsListing: walk.needsListing,
  };
}

const WRAPPERS = new Set(['env', 'cross-env', 'time', 'nice', 'nohup', 'exec', 'command']);
const RUNNERS_OF = new Set(['npx', 'bunx', 'pnpx']);

/** One simple command, as words. */
function runWords(walk: Walk, words: readonly string[], depth: number): void {
  let rest = words.filter((w) => w !== '');
  let wrapped = false;
  while (rest.length > 1) {
    const first = rest[0] ?? '';
    if (isAssignment(first) || WRAPPERS.has(first) || (wrapped && first.startsWith('-'))) {
      wrapped ||= WRAPPERS.has(first);
      rest = rest.slice(1);
    } else break;
  }
  const [word, ...args] = rest;
  if (word === undefined) return;
  const name = posix.basename(word);
  if (RUNNERS_OF.has(name)) return runBinary(walk, args, depth);
  switch (name) {
    case 'npm':
    case 'pnpm':
    case 'yarn':
      return runManager(walk, name, args, depth);
    case 'sh':
    case 'bash':
    case 'zsh':
    case 'dash':
      return runShell(walk, args, depth);
    case 'make':
    case 'gmake':
      return runMake(walk, args);
    case 'just':
      bindNamed(walk, flagValue(args, ['--justfile', '-f']), JUSTFILES);
      return;
    case 'cargo':
      return bindCargo(walk);
    case 'tox':
      bindFile(walk, at(walk, 'tox.ini'));
      return bindPytest(walk, args);
    case 'nox':
      bindFile(walk, at(walk, 'noxfile.py'));
      return bindPytest(walk, args);
    case 'pytest':
    case 'py.test':
      return bindPytest(walk, args);
    case 'python':
    case 'python3': {
      const module = flagValue(args, ['-m']);
      if (module !== undefined) bindModule(walk, module);
      if (module === 'pytest' || module === 'tox' || module === 'nox')
        return runWords(walk, [module, ...args.slice(args.indexOf('-m') + 2)], depth);
      return;
    }
    case 'node':
      // `node --test` reads no config file: its narrowing flags are in the argv or script text.
      return;
    default:
      if (JS_RUNNERS[name] !== undefined) return bindRunner(walk, name, args);
      if (word.includes('/')) return runFile(walk, word, depth);
  }
}

/**
 * `python -m X` puts the command's directory first on sys.path: an `X.py` or an `X/` package there
 * is what runs (a `pytest.py` beside the tests shadows pytest), so it is bound when present.
 */
function bindModule(walk: Walk, module: string): void {
  if (!/^[A-Za-z_][\w.]*$/.test(module)) return;
  const parts = module.split('.');
  const path = parts.join('/');
  const files = [`${path}.py`, `${path}/__init__.py`, `${path}/__main__.py`];
  // A dotted module runs its packages' __init__.py first, the top one from this directory too.
  for (let i = 1; i < parts.length; i++) files.push(`${parts.slice(0, i).join('/')}/__init__.py`);
  for (const file of files) bindFile(walk, at(walk, file));
}

/** `npx vitest`, `pnpm exec jest`: the binary the runner starts. */
function runBinary(walk: Walk, args: readonly string[], depth: number): void {
  const index = args.findIndex((a) => !a.startsWith('-'));
  if (index !== -1) runWords(walk, args.slice(index), depth);
}

const LIFECYCLE = new Set(['test', 'start', 'stop', 'restart']);
const ALIASES: Readonly<Record<string, string>> = { t: 'test', tst: 'test' };
const RUN_WORDS = new Set(['run', 'run-script', 'rum', 'urn']);
const EXEC_WORDS = new Set(['exec', 'x', 'dlx']);

function runManager(walk: Walk, manager: Manager, args: readonly string[], depth: number): void {
  for (const file of MANAGER_FILES[manager]) {
    bindFile(walk, at(walk, file));
    if (walk.dir !== '') bindFile(walk, file);
  }
  const words = operands(args);
  const sub = words[0];
  if (sub === undefined) return; // `yarn` alone installs
  const lifecycle = ALIASES[sub] ?? sub;
  if (LIFECYCLE.has(lifecycle)) return runScript(walk, manager, lifecycle, depth, true);
  if (RUN_WORDS.has(sub)) {
    const script = words[1];
    if (script === undefined) return note(walk, `${manager} ${sub}`, 'names no script');
    return runScript(walk, manager, script, depth, false);
  }
  if (EXEC_WORDS.has(sub)) return runBinary(walk, args.slice(args.indexOf(sub) + 1), depth);
  if (manager === 'npm') return; // install, ci, pack…: npm's own commands
  // `pnpm x` / `yarn x`: a script when package.json has one, else a binary or a built-in.
  const scripts = readScripts(walk);
  if (scripts === undefined) return;
  if (Object.hasOwn(scripts, sub)) return runScript(walk, manager, sub, depth, false);
  runBinary(walk, args.slice(args.indexOf(sub)), depth);
}

function runScript(
  walk: Walk,
  manager: Manager,
  name: string,
  depth: number,
  lifecycle: boolean,
): void {
  const scripts = readScripts(walk);
  if (scripts === undefined) return;
  const path = at(walk, 'package.json');
  if (walk.seen.has(`script:${path}:${name}`)) return;
  walk.seen.add(`script:${path}:${name}`);
  if (depth >= MAX_DEPTH) return note(walk, `${path} scripts.${name}`, 'scripts nest too deep');
  if (!Object.hasOwn(scripts, name) && !(lifecycle && name !== 'test'))
    note(walk, `${path} scripts.${name}`, `no such script: \`${manager} ${name}\` fails`);
  for (const key of [`pre${name}`, name, `post${name}`]) {
    const text = scripts[key];
    if (text === undefined) continue;
    const shown = typeof text === 'string' ? text : JSON.stringify(text);
    walk.items.set(`${path} scripts.${key}`, {
      key: `${path} scripts.${key}`,
      file: path,
      value: shown,
    });
    runText(walk, shown, `${path} scripts.${key}`, depth + 1);
  }
}

/** A script text: each command it runs, and what only the run can know, named. */
function runText(walk: Walk, text: string, where: string, depth: number): void {
  const { commands, dynamic } = splitCommands(text);
  for (const d of dynamic)
    note(walk, where, `runs a command computed at run time (${d}): only its text is bound`);
  for (const command of commands) runWords(walk, command, depth);
}

function runShell(walk: Walk, args: readonly string[], depth: number): void {
  const inline = flagValue(args, ['-c']);
  if (inline !== undefined) return runText(walk, inline, `sh -c '${inline}'`, depth + 1);
  const script = operands(args)[0];
  if (script !== undefined) runFile(walk, script, depth);
}

/** A file the command runs: bound whole; a shell script is followed into. */
function runFile(walk: Walk, word: string, depth: number): void {
  const path = at(walk, word);
  if (walk.seen.has(`file:${path}`)) return;
  walk.seen.add(`file:${path}`);
  const found = read(walk, path);
  if (found === 'pending') return;
  if ('absent' in found) return note(walk, path, 'the command runs it, and it does not exist');
  const text = bindFile(walk, path);
  if (text === undefined || depth >= MAX_DEPTH) return;
  if (/\.(sh|bash)$/.test(path) || /^#!.*\b(sh|bash|zsh|dash)\b/.test(text))
    runText(walk, text, path, depth + 1);
}
