// The walk that resolves a command's reach: its state, and the small steps every walker shares
// (paths relative to the command's directory, reading and binding a file, flag values, package.json).
import { posix } from 'node:path';
import { sha256Hex } from '../hash.ts';
import type { FileText, ReachFiles, ReachItem, Unresolved } from './reach.ts';

/** Scripts calling scripts deeper than this are reported, not followed (cycles stop earlier). */
export const MAX_DEPTH = 100;

export interface Walk {
  files: ReachFiles;
  /** The command's directory, relative to the root ('' for the root). */
  dir: string;
  items: Map<string, ReachItem>;
  unresolved: Map<string, Unresolved>;
  needs: Set<string>;
  needsListing: boolean;
  seen: Set<string>;
}

export function at(walk: Walk, path: string): string {
  return posix.normalize(walk.dir === '' ? path : `${walk.dir}/${path}`).replace(/^\.\//, '');
}

export function note(walk: Walk, what: string, why: string, fix?: string): void {
  walk.unresolved.set(`${what}\0${why}`, { what, why, ...(fix === undefined ? {} : { fix }) });
}

/** The file's text, or what stands in for it; 'pending' until it is read. */
export function read(walk: Walk, path: string): FileText | 'pending' {
  if (path.startsWith('../') || path === '..' || posix.isAbsolute(path)) {
    return { unreadable: 'outside the project root' };
  }
  const found = walk.files.read.get(path);
  if (found === undefined) walk.needs.add(path);
  return found ?? 'pending';
}

/** Binds a whole file when it is there; returns its text. */
export function bindFile(walk: Walk, path: string): string | undefined {
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

export function listed(walk: Walk, name: string): string[] {
  if (walk.files.listed === undefined) {
    walk.needsListing = true;
    return [];
  }
  return walk.files.listed.filter((p) => p === name || p.endsWith(`/${name}`));
}

/** The words after the command word that are not options (and not an option's value). */
export function operands(args: readonly string[]): string[] {
  return args.filter((a) => !a.startsWith('-'));
}

export function flagValue(args: readonly string[], flags: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    for (const flag of flags) {
      if (arg === flag) return args[i + 1];
      if (flag.startsWith('--') && arg.startsWith(`${flag}=`)) return arg.slice(flag.length + 1);
    }
  }
  return undefined;
}

/** package.json's scripts (binding the file whole when it cannot be parsed). */
export function readScripts(walk: Walk): Record<string, unknown> | undefined {
  const parsed = readPackage(walk);
  if (parsed === undefined) return undefined;
  const scripts = parsed['scripts'];
  return typeof scripts === 'object' && scripts !== null && !Array.isArray(scripts)
    ? (scripts as Record<string, unknown>)
    : {};
}

export function readPackage(walk: Walk): Record<string, unknown> | undefined {
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

/** The file a flag names, else the first of the tool's default names that exists. */
export function bindNamed(
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
