// `trace compare`: judge every trace of each side with the pack; the comparison itself is
// core/trace/compare.ts.
import { compareTraceSets } from '../core/trace/compare.ts';
import type { CompareResult, ComparedTrace } from '../core/trace/compare.ts';
import type { Pack } from '../core/trace/pack.ts';
import { checkTraceFile } from './trace-check-flow.ts';
import type { TraceFile } from './trace-check-flow.ts';

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
  alpha: number,
): Promise<CompareResult> {
  return compareTraceSets(
    pack.pack,
    await judge(pack, baseline, adapter),
    await judge(pack, next, adapter),
    alpha,
  );
}
