// Human output of `trace compare`: verdict first, then each regression, then the version groups.
import type { CompareResult, Regression, Tally } from '../../core/trace/compare.ts';
import type { RecordedWith } from '../../core/trace/events.ts';

function versionsText(v: RecordedWith): string {
  const parts = [
    v.model === undefined ? undefined : `model ${v.model}`,
    v.promptSha256 === undefined ? undefined : `prompt ${v.promptSha256.slice(0, 12)}`,
    v.skillVersion === undefined ? undefined : `skill ${v.skillVersion}`,
    v.cliVersion === undefined ? undefined : `cli ${v.cliVersion}`,
    ...Object.entries(v.tools ?? {}).map(([name, version]) => `${name} ${version}`),
  ].filter((p) => p !== undefined);
  return parts.length === 0 ? 'versions not recorded' : parts.join(', ');
}

const tallyText = (t: Tally): string => `pass ${t.pass}, fail ${t.fail}, unknown ${t.unknown}`;

export function compareVerdict(result: CompareResult): string {
  if (result.errors.length > 0)
    return `ERROR trace compare: ${result.errors.length} trace(s) could not be judged; the comparison is inconclusive`;
  if (result.regressions.length > 0)
    return `REGRESSION trace compare (${result.pack}): ${result.regressions.length} rule(s) got worse`;
  return `OK trace compare (${result.pack}): no rule got worse`;
}

/** p as people read it: 0.031, 0.00012, < 0.000001. */
const pText = (p: number): string => (p < 1e-6 ? '< 0.000001' : `= ${Number(p.toPrecision(2))}`);

function regressionLines(r: Regression, alpha: number, head: string): string[] {
  const lines = [`  ${head} ${r.rule}: ${r.change} (p ${pText(r.p)}, alpha ${alpha})`];
  for (const g of r.groups.slice(0, 5)) {
    const moved = g.differs.length === 0 ? 'same versions as the baseline' : g.differs.join(', ');
    lines.push(`    group ${versionsText(g.versions)}: ${g.change} (p ${pText(g.p)}); ${moved}`);
  }
  return lines;
}

export function renderTraceCompare(result: CompareResult): string {
  const lines = [compareVerdict(result)];
  const alpha = result.test.alpha;
  for (const e of result.errors) lines.push(`  ERROR ${e.set} ${e.file} [${e.code}]: ${e.message}`);
  for (const r of result.regressions) lines.push(...regressionLines(r, alpha, 'worse'));
  for (const r of result.notSignificant)
    lines.push(...regressionLines(r, alpha, 'not significant').slice(0, 1));
  lines.push(`test: ${result.test.name}; a regression needs p < ${alpha} (--alpha)`);
  for (const g of result.groups) {
    lines.push(`${g.set}: ${versionsText(g.versions)} (${g.traces.length} trace(s))`);
    for (const [rule, tally] of Object.entries(g.rules))
      lines.push(`  ${rule}: ${tallyText(tally)}`);
  }
  return `${lines.join('\n')}\n`;
}
