// Gather for `trace compare`: expand each side (a file, a directory of traces, or a glob) and
// judge every trace with the pack; the comparison itself is core/trace/compare.ts.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { UsageError } from '../../core/errors.ts';
import { compareTraceSets } from '../../core/trace/compare.ts';
import type { CompareResult, ComparedTrace } from '../../core/trace/compare.ts';
import type { Pack } from '../../core/trace/pack.ts';
import { globFiles } from '../glob-files.ts';
import { checkTraceFile } from './check-traces.ts';
import type { TraceFile } from './check-traces.ts';

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
export function expandTraceSet(spec: string, cwd: string, side: string): TraceFile[] {
  const path = isAbsolute(spec) ? spec : resolve(cwd, spec);
  let files: string[];
  if (existsSync(path) && statSync(path).isDirectory()) {
    files = [];
    walk(path, files);
    files.sort();
  } else if (existsSync(path)) files = [path];
  else files = globFiles(cwd, spec).map((f) => join(cwd, f));
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

async function judge(
  pack: Pack,
  files: readonly TraceFile[],
  adapter: string,
): Promise<ComparedTrace[]> {
  const out: ComparedTrace[] = [];
  for (const file of files) {
    const item = await checkTraceFile(pack, file, adapter);
    out.push(
      item.error !== undefined
        ? { file: item.file, error: { code: item.error.code, message: item.error.message } }
        : { file: item.file, ...(item.verdict === undefined ? {} : { verdict: item.verdict }) },
    );
  }
  return out;
}

export async function compareTraceFiles(
  pack: Pack,
  baseline: readonly TraceFile[],
  next: readonly TraceFile[],
  adapter: string,
): Promise<CompareResult> {
  return compareTraceSets(
    pack.pack,
    await judge(pack, baseline, adapter),
    await judge(pack, next, adapter),
  );
}
