// Text rendering of `proofgate knowledge explore`: what each probe showed, why the loop stopped, what is next.
import type { ExploreResult } from '../flows/knowledge/explore-flow.ts';
import { formatMilli } from '../core/knowledge/priority.ts';

/** At most this many not-proposed sources are listed one a line; the rest are counted. */
const NOT_PROPOSED_SHOWN = 10;

function grade(step: ExploreResult['steps'][number]): string {
  const a = step.run.agreement;
  if (a === undefined || a.runs < 2) return '';
  const note = step.run.verdict === 'flaky' ? '; quarantined on this commit, decides nothing' : '';
  return ` — confidence ${a.agree}/${a.runs} runs agree${note}`;
}

function stopLine(result: ExploreResult): string {
  const { stop, spent } = result;
  const used = `spent ${spent.steps} step(s), ${spent.seconds}s, cost ${formatMilli(spent.cost)} ${result.costUnit}`;
  if (stop.stop === 'done') return `STOP done: the definition of done holds (${used})`;
  if (stop.stop === 'budget') {
    return `STOP budget spent: ${stop.exhausted.join(', ')} (${used}); not done`;
  }
  if (stop.stop === 'probe_failed') {
    return `STOP the probe of ${stop.id} did not run to an exit (${stop.detail}); it stays open — fix the probe command`;
  }
  if (stop.stop === 'no_probe') {
    return `STOP no open hypothesis has a probe (${used}); not done`;
  }
  return `STOP after one step (${used}); run with --until-done to continue`;
}

export function renderExplore(result: ExploreResult): string {
  const lines: string[] = [];
  for (const s of result.seeded) lines.push(`SEEDED ${s.id} from ${s.provenance}`);
  for (const p of result.proposed) lines.push(`PROPOSED ${p.id} "${p.claim}" from ${p.provenance}`);
  for (const n of result.notProposed.slice(0, NOT_PROPOSED_SHOWN)) {
    lines.push(`NOT PROPOSED ${n.source}: ${n.reason}`);
  }
  if (result.notProposed.length > NOT_PROPOSED_SHOWN) {
    lines.push(
      `… ${result.notProposed.length - NOT_PROPOSED_SHOWN} more not proposed (--json lists them)`,
    );
  }
  for (const step of result.steps) {
    lines.push(
      `${step.run.verdict.toUpperCase()} ${step.id} "${step.claim}" — probe exit ${step.run.exitCode ?? 'none'} (${step.durationMs} ms)${grade(step)}${step.isExploration === true ? ' (exploration pick)' : ''}`,
    );
  }
  if (result.steps.length === 0) lines.push('no probe ran');
  for (const f of result.filtered) {
    lines.push(`FILTERED ${f.id} by ${f.caseId}: tried before, failed: ${f.reason}`);
  }
  for (const r of result.refused) {
    lines.push(
      r.reason !== undefined
        ? `REFUSED ${r.id}: ${r.reason}; not run`
        : `QUEUED ${r.id}: its probe needs ${r.needs.join(', ')}; not run until granted (a human or the release owner: proofgate knowledge explore --allow ${r.needs.join(' --allow ')} --granted-by <authority>)`,
    );
  }
  lines.push(stopLine(result));
  const { done } = result;
  if (done.isBoardEmpty) lines.push('the board is empty: add hypotheses with probes first');
  if (done.undecidedAttrs.length > 0) {
    lines.push(`undecided high-risk goals: ${done.undecidedAttrs.join(', ')}`);
  }
  if (done.openAboveCeiling.length > 0) {
    lines.push(`open above the ceiling: ${done.openAboveCeiling.join(', ')}`);
  }
  lines.push(result.next !== undefined ? `next: ${result.next}` : 'next: nothing to probe');
  return lines.join('\n');
}
