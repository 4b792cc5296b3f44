// `trace compare`: judge every trace of each side with the pack; the comparison itself is
// core/trace/compare.ts.
import { compareTraceSets } from '../../core/trace/compare.ts';
import type { CompareResult, ComparedTrace } from '../../core/trace/compare.ts';
import type { Pack } from '../../core/trace/pack.ts';
import { checkTraceFile } from './trace-check-flow.ts';
import type { TraceFile } from './trace-check-flow.ts';
import type { TracePort } from '../../core/world/trace-port.ts';

async function judge(
  pack: Pack,
  files: readonly TraceFile[],
  adapter: string,
  trace: TracePort,
): Promise<ComparedTrace[]> {
  const out: ComparedTrace[] = [];
  for (const file of files) {
    const item = await checkTraceFile(pack, file, adapter, trace);
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
  alpha: number,
  trace: TracePort,
): Promise<CompareResult> {
  return compareTraceSets(
    pack.pack,
    await judge(pack, baseline, adapter, trace),
    await judge(pack, next, adapter, trace),
    alpha,
  );
}
