// The real-I/O wiring of `proofgate trace check|adapt|compare`: trace and pack files read relative
// to the working directory, trace sets expanded, and the --sarif, --junit and --markdown files
// written atomically beside the check.
import { isAbsolute, resolve } from 'node:path';
import type { Context } from '../../core/context.ts';
import { checkTraceFiles, type TraceResult } from '../../flows/trace/trace-check-flow.ts';
import { compareTraceFiles } from '../../flows/trace/trace-compare-flow.ts';
import { adaptTrace } from '../../io/trace/adapt-trace.ts';
import { loadPack, resolvePackFile } from '../../io/trace/load-pack.ts';
import { findRepoRoot } from '../../io/trace/repo-root.ts';
import { expandTraceSet } from '../../io/trace/trace-set.ts';
import { writeFileAtomic } from '../../io/host/write-file-atomic.ts';
import { TRACE_PART } from '../world/trace-part.ts';
import { renderTraceJunit } from '../../render/trace/junit.ts';
import { renderTraceMarkdown } from '../../render/trace/markdown.ts';
import { renderTraceSarif } from '../../render/trace/sarif.ts';
import { VERSION } from '../report-error.ts';
import type { TraceOptions } from '../trace-options.ts';

export async function runTrace(options: TraceOptions, ctx: Context): Promise<TraceResult> {
  const at = (p: string): string => (isAbsolute(p) ? p : resolve(ctx.cwd, p));
  if (options.action === 'adapt') {
    const file = options.traces[0] ?? '';
    return { action: 'adapt', adapt: await adaptTrace(at(file), file, options.adapter) };
  }
  const packFile = options.pack ?? '';
  const pack = loadPack(resolvePackFile(packFile, ctx.cwd), packFile);
  if (options.action === 'compare') {
    const [baseline = '', next = ''] = options.traces;
    const compare = await compareTraceFiles(
      pack,
      expandTraceSet(baseline, ctx.cwd, 'baseline'),
      expandTraceSet(next, ctx.cwd, 'new'),
      options.adapter,
      options.alpha,
      TRACE_PART.trace,
    );
    return { action: 'compare', compare };
  }
  const files = options.traces.map((t) => ({ path: at(t), shownAs: t }));
  const check = await checkTraceFiles(
    pack,
    packFile,
    files,
    options.adapter,
    options.failOn,
    TRACE_PART.trace,
  );
  if (options.sarif !== undefined) {
    const places = { root: findRepoRoot(ctx.cwd), pathOf: at };
    writeFileAtomic(at(options.sarif), renderTraceSarif(check, VERSION, pack, places), '--sarif');
  }
  if (options.junit !== undefined)
    writeFileAtomic(at(options.junit), renderTraceJunit(check), '--junit');
  if (options.markdown !== undefined)
    writeFileAtomic(at(options.markdown), renderTraceMarkdown(check), '--markdown');
  return { action: 'check', check };
}
