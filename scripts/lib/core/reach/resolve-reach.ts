// The reach of one command control: from its argv (and `cwd`), the files and values that decide
// what it runs. Pure and incremental: it resolves with the files read so far and lists the ones it
// still needs (`needs`, `needsListing`); the caller reads them and resolves again, until none.
import { posix } from 'node:path';
import { sha256Hex } from '../hash.ts';
import {
  CARGO_FILES,
  JS_RUNNERS,
  JUSTFILES,
  MAKEFILES,
  MANAGER_FILES,
  PYTEST_FILES,
} from './config-files.ts';
import type { FileText, Reach, ReachFiles, ReachItem, Unresolved } from './reach.ts';
import { isAssignment, splitCommands } from './shell-words.ts';

/** Scripts calling scripts deeper than this are reported, not followed (cycles stop earlier). */
const MAX_DEPTH = 100;

type Manager = 'npm' | 'pnpm' | 'yarn';

interface Walk {
  files: ReachFiles;
  /** The command's directory, relative to the root ('' for the root). */
  dir: string;
  items: Map<string, ReachItem>;
  unresolved: Map<string, Unresolved>;
  needs: Set<string>;
  needsListing: boolean;
  seen: Set<string>;
}

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

function at(walk: Walk, path: string): string {
  return posix.normalize(walk.dir === '' ? path : `${walk.dir}/${path}`).replace(/^\.\//, '');
}

function note(walk: Walk, what: string, why: string, fix?: string): void {
  walk.unresolved.set(`${what}\0${why}`, { what, why, ...(fix === undefined ? {} : { fix }) });
}

/** The file's text, or what stands in for it; 'pending' until it is read. */
function read(walk: Walk, path: string): FileText | 'pending' {
  if (path.startsWith('../') || path === '..' || posix.isAbsolute(path)) {
    return { unreadable: 'outside the project root' };
  }
  const found = walk.files.read.get(path);
  if (found === undefined) walk.needs.add(path);
  return found ?? 'pending';
}

/** Binds a whole file when it is there; returns its text. */
function bindFile(walk: Walk, path: string): string | undefined {
  const found = read(walk, path);
  if (found === 'pending' || 'absent' in found) return undefined;
  if ('unreadable' in found) {
    walk.items.set(path, { key: path, file: path, value: 'unreadable' });
    note(walk, path, `cannot be read (${found.unreadable})`, `make ${path} readable, or remove it`);
    return undefined;
  }
  walk.items.set(path, {
    key: path,
    file: path,
    value: `sha256:${sha256Hex(found.text)}`,
    text: found.text,
  });
  return found.text;
}

function listed(walk: Walk, name: string): string[] {
  if (walk.files.listed === undefined) {
    walk.needsListing = true;
    return [];
  }
  return walk.files.listed.filter((p) => p === name || p.endsWith(`/${name}`));
}

/** The words after the command word that are not options (and not an option's value). */
function operands(args: readonly string[]): string[] {
  return args.filter((a) => !a.startsWith('-'));
}

function flagValue(args: readonly string[], flags: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    for (const flag of flags) {
      if (arg === flag) return args[i + 1];
      if (flag.startsWith('--') && arg.startsWith(`${flag}=`)) return arg.slice(flag.length + 1);
    }
  }
  return undefined;
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

/** package.json's scripts (binding the file whole when it cannot be parsed). */
function readScripts(walk: Walk): Record<string, unknown> | undefined {
  const parsed = readPackage(walk);
  if (parsed === undefined) return undefined;
  const scripts = parsed['scripts'];
  return typeof scripts === 'object' && scripts !== null && !Array.isArray(scripts)
    ? (scripts as Record<string, unknown>)
    : {};
}

function readPackage(walk: Walk): Record<string, unknown> | undefined {
  const path = at(walk, 'package.json');
  const found = read(walk, path);
  if (found === 'pending') return undefined;
  if ('absent' in found) {
    note(walk, path, 'does not exist, so the package manager has no script to run');
    return undefined;
  }
  if ('unreadable' in found) {
    bindFile(walk, path);
    return undefined;
  }
  try {
    const parsed: unknown = JSON.parse(found.text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
    throw new Error('not a JSON object');
  } catch (error) {
    bindFile(walk, path);
    note(
      walk,
      path,
      `is not valid JSON (${(error as Error).message}), so its scripts cannot be read: the whole file is bound`,
      `fix ${path} so that it parses (node -e "JSON.parse(require('fs').readFileSync('${path}','utf8'))" shows where)`,
    );
    return undefined;
  }
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

function bindRunner(walk: Walk, name: string, args: readonly string[]): void {
  const runner = JS_RUNNERS[name];
  if (runner === undefined) return;
  const named = flagValue(args, runner.configFlags);
  if (named !== undefined) {
    const path = at(walk, named);
    const found = read(walk, path);
    if (found !== 'pending' && 'absent' in found)
      note(walk, path, `${name} is told to read it, and it does not exist`);
    bindFile(walk, path);
  }
  for (const file of runner.files) bindFile(walk, at(walk, file));
  if (runner.packageKey === undefined) return;
  const parsed = readPackage(walk);
  const value = parsed?.[runner.packageKey];
  if (value === undefined) return;
  const key = `${at(walk, 'package.json')} ${runner.packageKey}`;
  walk.items.set(key, { key, file: at(walk, 'package.json'), value: JSON.stringify(value) });
}

function bindPytest(walk: Walk, args: readonly string[]): void {
  const named = flagValue(args, ['-c', '--config-file', '--rootdir']);
  if (named !== undefined) bindFile(walk, at(walk, named));
  for (const file of PYTEST_FILES) bindFile(walk, at(walk, file));
  for (const conftest of listed(walk, 'conftest.py')) bindFile(walk, conftest);
}

function bindCargo(walk: Walk): void {
  bindFile(walk, at(walk, 'Cargo.toml'));
  for (const manifest of listed(walk, 'Cargo.toml')) bindFile(walk, manifest);
  for (const file of CARGO_FILES) {
    bindFile(walk, at(walk, file));
    if (walk.dir !== '') bindFile(walk, file);
  }
}

function runMake(walk: Walk, args: readonly string[]): void {
  const dir = flagValue(args, ['-C', '--directory']);
  const inner: Walk = dir === undefined ? walk : { ...walk, dir: at(walk, dir) };
  const text = bindNamed(inner, flagValue(args, ['-f', '--file', '--makefile']), MAKEFILES);
  if (text === undefined) return;
  // What the Makefile includes by a literal name is part of its recipes.
  for (const line of text.split('\n')) {
    const include = /^\s*-?(?:include|sinclude)\s+(.+)$/.exec(line);
    for (const file of include?.[1]?.split(/\s+/) ?? [])
      if (file !== '' && !/[$*?]/.test(file)) bindFile(inner, at(inner, file));
  }
  walk.needsListing ||= inner.needsListing;
}

/** The file a flag names, else the first of the tool's default names that exists. */
function bindNamed(
  walk: Walk,
  named: string | undefined,
  defaults: readonly string[],
): string | undefined {
  const candidates = named === undefined ? defaults : [named];
  let pending = false;
  for (const name of candidates) {
    const path = at(walk, name);
    const found = read(walk, path);
    if (found === 'pending') pending = true;
    else if (!('absent' in found)) return pending ? undefined : bindFile(walk, path);
  }
  if (!pending)
    note(walk, at(walk, candidates.at(-1) ?? ''), 'the command reads it, and it does not exist');
  return undefined;
}
