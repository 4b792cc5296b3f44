// `npm run bench [-- <substring>...]`: runs every test/bench/*.bench.ts (or those whose file or
// bench name contains one of the substrings, e.g. `npm run bench -- hook.bench claim.bench`) and
// prints medians, ratios and a JSON copy in .bench/results.json.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Bench, BenchRow } from './harness.ts';
import { isAsked, measureGroup, median } from './harness.ts';
import type { Measured } from './harness.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const rows: BenchRow[] = [];
const load = loadavg().map((n) => n.toFixed(2));
console.log(
  `machine: ${cpus().length} cores, load average ${load.join(' ')} (1, 5, 15 min) at start`,
);

for (const file of readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort()) {
  const mod = (await import(join(here, file))) as { benches: Bench[] };
  const medians = new Map<string, number>();
  // A bench with an `interleave` key is measured with every asked bench of the file that shares
  // it, round by round, when the first of them comes; its row is still printed in file order.
  const grouped = new Map<string, Measured>();
  for (const bench of mod.benches) {
    if (!isAsked(file, bench.name)) continue;
    const key = bench.interleave;
    if (key !== undefined && !grouped.has(bench.name)) {
      const group = mod.benches.filter((b) => b.interleave === key && isAsked(file, b.name));
      for (const [name, m] of await measureGroup(group)) grouped.set(name, m);
    }
    const measured = grouped.get(bench.name) ?? (await measureGroup([bench])).get(bench.name)!;
    const times = measured.times;
    const med = median(times);
    medians.set(bench.name, med);
    const base = bench.baseline === undefined ? undefined : medians.get(bench.baseline);
    const row: BenchRow = {
      file,
      name: bench.name,
      medianMs: Math.round(med * 100) / 100,
      minMs: Math.round(Math.min(...times) * 100) / 100,
      maxMs: Math.round(Math.max(...times) * 100) / 100,
      runs: times.length,
      overTarget: bench.targetMs !== undefined && med > bench.targetMs,
      cpuMs: Math.round(median(measured.cpuMs) * 10) / 10,
      maxRssMb: Math.round(measured.maxRssKb / 102.4) / 10,
      usageOf: measured.usageOf,
      ...(bench.target === undefined ? {} : { target: bench.target }),
      ...(base === undefined || bench.baseline === undefined
        ? {}
        : { ratio: { baseline: bench.baseline, value: Math.round((med / base) * 100) / 100 } }),
    };
    const ratios = (bench.alsoRatioTo ?? []).flatMap((name) => {
      const other = medians.get(name);
      return other === undefined
        ? []
        : [{ baseline: name, value: Math.round((med / other) * 100) / 100 }];
    });
    if (ratios.length > 0) row.ratios = ratios;
    const floorParts = (bench.floor ?? []).map((name) => medians.get(name));
    if (floorParts.length > 0 && floorParts.every((m) => m !== undefined)) {
      const floorMs = floorParts.reduce((sum, m) => sum + m, 0);
      row.floor = {
        of: bench.floor ?? [],
        medianMs: Math.round(floorMs * 100) / 100,
        ratio: Math.round((med / floorMs) * 100) / 100,
      };
    }
    rows.push(row);
    const ratio = [...(row.ratio ? [row.ratio] : []), ...ratios]
      .map((r) => `  (${r.value}x ${r.baseline})`)
      .join('');
    const floor = row.floor
      ? `  (${row.floor.ratio}x floor ${Math.round(row.floor.medianMs)} ms)`
      : '';
    const flag = row.overTarget ? '  OVER TARGET' : '';
    console.log(
      `${file.padEnd(22)} ${bench.name.padEnd(48)} median ${row.medianMs} ms  [${row.minMs}..${row.maxMs}] n=${row.runs}${ratio}${floor}  cpu ${row.cpuMs} ms, peak ${row.maxRssMb} MB (${row.usageOf})  target ${bench.target ?? '-'}${flag}`,
    );
  }
}

console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} (1, 5, 15 min) at the end`,
);
mkdirSync('.bench', { recursive: true });
writeFileSync(join('.bench', 'results.json'), `${JSON.stringify(rows, null, 2)}\n`);
