// Child process for the memory benchmark: checks one trace and prints events, ms and peak RSS.
import { checkTraceFile } from '../../scripts/lib/flows/trace/trace-check-flow.ts';
import { loadPack } from '../../scripts/lib/io/trace/load-pack.ts';
import { TRACE_PART } from '../../scripts/lib/cli/world/trace-part.ts';

const [packPath, tracePath] = process.argv.slice(2);
const pack = loadPack(packPath ?? '', 'pack');
const start = performance.now();
const cpuStart = process.cpuUsage();
const item = await checkTraceFile(
  pack,
  { path: tracePath ?? '', shownAs: 'trace' },
  'events',
  TRACE_PART.trace,
);
const ms = performance.now() - start;
const cpu = process.cpuUsage(cpuStart);
console.log(
  JSON.stringify({
    events: item.verdict?.coverage.events ?? 0,
    ms: Math.round(ms),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
