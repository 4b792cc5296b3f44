// The trace sets `trace compare` reads: a file, a directory of traces (recursively), or a glob
// over the files under the working directory (no git repository needed: traces are often kept
// in ignored or unversioned directories).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../../core/errors.ts';
import { matchGlobs } from '../repo/glob-files.ts';

export interface TraceSetFile {
  path: string;
  /** The name shown in output: relative to cwd unless the set was named absolutely. */
  shownAs: string;
}

const MAX_TRACES_PER_SIDE = 10_000;
const TRACE_FILE = /\.(jsonl|json)$/;

function walk(dir: string, out: string[], wanted = TRACE_FILE): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Subagent transcripts belong to their parent session, which reads them itself.
    if (entry.isDirectory() && entry.name !== 'subagents' && !entry.name.startsWith('.'))
      walk(join(dir, entry.name), out, wanted);
    else if (entry.isFile() && wanted.test(entry.name)) out.push(join(dir, entry.name));
    if (out.length > MAX_TRACES_PER_SIDE) return;
  }
}

const MAGIC = /[*?[\]{}!]/;
/** Directories walked for a glob at most (a glob over a huge tree is refused, not slow). */
const MAX_GLOB_FILES = 200_000;

/** Regular files under `cwd` matching the relative glob `spec`, absolute, sorted. */
function globUnder(cwd: string, spec: string, side: string): string[] {
  matchGlobs([], [spec], side); // an invalid glob (absolute, `..`) is refused before any walk
  const segments = spec.replace(/^\.\//, '').split('/');
  const fixed = segments.findIndex((s) => MAGIC.test(s));
  const base = join(cwd, ...segments.slice(0, fixed === -1 ? segments.length - 1 : fixed));
  const found: string[] = [];
  if (existsSync(base) && statSync(base).isDirectory()) {
    const all: string[] = [];
    walkAll(base, all);
    const relatives = all.map((f) => relative(cwd, f).split(sep).join('/'));
    found.push(...matchGlobs(relatives, [spec], side).map((f) => join(cwd, f)));
  }
  return found;
}

function walkAll(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (out.length >= MAX_GLOB_FILES) return;
    if (entry.isDirectory() && entry.name !== 'subagents' && entry.name !== '.git')
      walkAll(join(dir, entry.name), out);
    else if (entry.isFile()) out.push(join(dir, entry.name));
  }
}

/**
 * A file, a directory (its *.json/*.jsonl, recursively) or a glob relative to `cwd` (matched
 * like a trace control's globs; no `..`, not absolute).
 */
export function expandTraceSet(spec: string, cwd: string, side: string): TraceSetFile[] {
  const path = isAbsolute(spec) ? spec : resolve(cwd, spec);
  let files: string[];
  if (existsSync(path) && statSync(path).isDirectory()) {
    files = [];
    walk(path, files);
    files.sort();
  } else if (existsSync(path)) files = [path];
  else files = globUnder(cwd, spec, side);
  if (files.length === 0 || files.length > MAX_TRACES_PER_SIDE) {
    throw new UsageError(
      'BAD_VALUE',
      files.length === 0
        ? `the ${side} traces "${spec}" match no file`
        : `the ${side} traces "${spec}" match more than ${MAX_TRACES_PER_SIDE} files`,
      { where: side, next: 'name a trace file, a directory of traces or a glob' },
    );
  }
  return files.map((f) => ({ path: f, shownAs: isAbsolute(spec) ? f : relative(cwd, f) }));
}
