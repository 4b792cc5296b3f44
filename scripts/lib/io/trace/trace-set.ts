// The trace sets `trace compare` reads: a file, a directory of traces (recursively), or a glob
// over the git working tree.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { UsageError } from '../../core/errors.ts';
import { globFiles } from '../glob-files.ts';

export interface TraceSetFile {
  path: string;
  /** The name shown in output: relative to cwd unless the set was named absolutely. */
  shownAs: string;
}

const MAX_TRACES_PER_SIDE = 10_000;
const TRACE_FILE = /\.(jsonl|json)$/;

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Subagent transcripts belong to their parent session, which reads them itself.
    if (entry.isDirectory() && entry.name !== 'subagents' && !entry.name.startsWith('.'))
      walk(join(dir, entry.name), out);
    else if (entry.isFile() && TRACE_FILE.test(entry.name)) out.push(join(dir, entry.name));
    if (out.length > MAX_TRACES_PER_SIDE) return;
  }
}

/** A file, a directory (its *.json/*.jsonl, recursively) or a glob relative to `cwd`. */
export async function expandTraceSet(
  spec: string,
  cwd: string,
  side: string,
): Promise<TraceSetFile[]> {
  const path = isAbsolute(spec) ? spec : resolve(cwd, spec);
  let files: string[];
  if (existsSync(path) && statSync(path).isDirectory()) {
    files = [];
    walk(path, files);
    files.sort();
  } else if (existsSync(path)) files = [path];
  else files = (await globFiles(cwd, [spec], side)).map((f) => join(cwd, f));
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
