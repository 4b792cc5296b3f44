// The trace port (core/world/trace-port.ts), for the verbs that read trajectories or run trace
// controls; apart from the world, as it loads the trace readers and the glob matcher.
import type { WorldExtras } from '../../core/world/world.ts';
import { globFiles } from '../../io/repo/glob-files.ts';
import { loadPack, shippedPackFile } from '../../io/trace/load-pack.ts';
import { readTrace, unknownTrace } from '../../io/trace/read-trace.ts';

export const TRACE_PART: Pick<WorldExtras, 'trace'> = {
  trace: { readTrace, unknownTrace, loadPack, shippedPackFile, globFiles },
};
