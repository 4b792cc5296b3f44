// Human output of the knowledge verbs; the verdict is always the first line.
import type { CasebaseResult } from '../flows/knowledge/casebase-flow.ts';
import type { DecisionResult } from '../flows/knowledge/decision-flow.ts';
import type { HypothesisResult } from '../flows/knowledge/hypothesis-flow.ts';
import type { MemoryResult } from '../flows/knowledge/memory-flow.ts';
import type { NextResult } from '../flows/knowledge/next-flow.ts';
import type { SyncResult } from '../flows/knowledge/sync-flow.ts';
import { formatMilli } from '../core/knowledge/priority.ts';
import { renderRules } from './gate-text.ts';

export function renderMemory(result: MemoryResult): string {
  if (result.action === 'add') {
    const f = result.fact;
    return [
      `recorded ${f.id} (${f.maturity}): ${f.statement}`,
      `  path: ${f.path} @ ${f.digest.slice(0, 12)}`,
      `  evidence: ${f.evidence}`,
    ].join('\n');
  }
  const lines = [`${result.facts.length} facts, ${result.staleCount} stale`];
  for (const f of result.facts) {
    const mark = f.isStale ? `STALE (${f.staleReason ?? ''})` : f.maturity;
    lines.push(`${f.id} ${mark} ${f.path}: ${f.statement}`);
  }
  return lines.join('\n');
}

export function renderDecision(result: DecisionResult): string {
  if (result.action === 'add') {
    const d = result.decision;
    return [
      `recorded ${d.id} (in force): ${d.title}`,
      `  reason: ${d.reason}`,
      `  paths: ${d.paths.join(', ')}`,
    ].join('\n');
  }
  if (result.action === 'supersede') {
    return `${result.supersede.id} superseded by ${result.supersede.by}`;
  }
  const where = result.path === undefined ? '' : ` touching ${result.path}`;
  const lines = [`${result.decisions.length} negative decisions${where}`];
  for (const d of result.decisions) {
    const state = d.isInForce ? 'IN FORCE' : `superseded by ${d.supersededBy ?? '?'}`;
    lines.push(`${d.id} ${state}: ${d.title}`);
    lines.push(`  reason: ${d.reason}`);
    lines.push(`  conditions: ${d.conditions.join('; ')}`);
    lines.push(`  paths: ${d.paths.join(', ')}`);
  }
  return lines.join('\n');
}

export function renderHypothesis(result: HypothesisResult): string {
  if (result.action === 'add') {
    const h = result.hypothesis;
    return `recorded ${h.id} (open, ${h.attr}): ${h.claim}`;
  }
  if (result.action === 'update') {
    const h = result.hypothesis;
    return `updated ${h.id}: ${h.status}, score ${formatMilli(h.score)}, ${h.evidence.length} evidence entries`;
  }
  const done = result.done;
  const lines = [
    `definition of done: ${done.verdict} (${result.hypotheses.length} hypotheses, ${done.stepsSinceEvidence} steps since new evidence)`,
  ];
  if (done.isBoardEmpty) lines.push('  the board is empty: nothing examined is not done');
  if (done.undecidedAttrs.length > 0)
    lines.push(`  high-risk attributes undecided: ${done.undecidedAttrs.join(', ')}`);
  if (done.openAboveCeiling.length > 0)
    lines.push(`  open above the score ceiling: ${done.openAboveCeiling.join(', ')}`);
  if (done.isDriftTripped) lines.push('  drift watchdog tripped: no new evidence; stop and report');
  for (const h of result.hypotheses) {
    lines.push(
      `${h.id} ${formatMilli(h.score)} ${h.status} ${h.attr}: ${h.claim} [${h.provenance}]`,
    );
  }
  return lines.join('\n');
}

const pct = (bp: number): string => `${(bp / 100).toFixed(0)}%`;

export function renderCasebase(result: CasebaseResult): string {
  switch (result.action) {
    case 'add':
      return `recorded ${result.case.id} (confidence ${pct(result.case.confidence)}): ${result.case.applicability}`;
    case 'observe': {
      const o = result.observation;
      return `${o.id}: ${o.result} from ${o.project}/${o.environment} (${o.confirmation}); confidence ${pct(result.previous)} → ${pct(result.confidence)}`;
    }
    case 'export':
      return `exported ${result.export.cases.length} cases and ${result.export.observations.length} observations${result.file === undefined ? ' (use --out <file> or --json)' : ` to ${result.file}`}`;
    case 'import':
      return `imported ${result.added} records from ${result.file}, ${result.skipped} already present`;
    case 'extract': {
      const lines = [
        result.proposals.length === 0
          ? 'no proposals: no hypothesis is confirmed or refuted yet'
          : `${result.proposals.length} proposed case(s) from decided hypotheses`,
      ];
      for (const p of result.proposals) {
        const f = p.features;
        const dup = p.duplicateOf === undefined ? '' : ` (already recorded as ${p.duplicateOf})`;
        lines.push(
          `PROPOSED ${f.kind}/${f.architecture}/${f.attr} from ${p.sources.join(', ')}${dup}`,
        );
        lines.push(`  applicability: ${p.applicability}`);
        lines.push(`  strategy: ${p.strategy}`);
        lines.push(`  outcome: ${p.outcome}`);
        for (const n of p.negative) lines.push(`  failed: ${n}`);
      }
      if (result.accepted.length > 0) {
        lines.push(
          `recorded ${result.accepted.map((c) => `${c.id} (confidence ${pct(c.confidence)})`).join(', ')}`,
        );
      } else if (result.proposals.length > 0) {
        lines.push(
          'nothing recorded: a person accepts them with --accept --authority-id human:<name>',
        );
      }
      return lines.join('\n');
    }
    case 'retrieve': {
      const t = result.target;
      const lines = [
        `${result.cases.length} cases for ${t.kind || '?'}/${t.architecture || '?'}/${t.attr || '?'}, closest first`,
      ];
      for (const c of result.cases) {
        const e = c.entry;
        lines.push(
          `${e.id} similarity ${formatMilli(c.similarity)} confidence ${pct(c.confidence)}: ${e.applicability}`,
        );
        lines.push(`  strategy: ${e.strategy}`);
        for (const n of e.negative) lines.push(`  failed: ${n.tried} (${n.reason})`);
      }
      return lines.join('\n');
    }
  }
}

export function renderSync(result: SyncResult): string {
  const verdict =
    result.blocking.length > 0
      ? `${result.blocking.length} traceability gaps block ${result.targetMaturity} claims`
      : `traceability complete for ${result.targetMaturity}`;
  const lines = [
    `${verdict} (${result.nodes} nodes, ${result.edges} edges, ${result.gaps.length} gaps in all)`,
    result.isWritten ? `  wrote ${result.file}` : '  dry run: nothing written',
  ];
  const blocking = new Set(result.blocking);
  for (const gap of result.gaps) {
    const where =
      gap.control === undefined ? gap.requirement : `${gap.requirement} via ${gap.control}`;
    lines.push(
      `${blocking.has(gap) ? 'BLOCKS' : 'later '} ${gap.kind} ${where} (from ${gap.maturity})`,
    );
  }
  return lines.join('\n');
}

export function renderNext(result: NextResult): string {
  const first = result.items[0];
  const lines = [
    first === undefined
      ? `nothing to do: ${result.hasControlStatuses ? 'no claim refused, ' : ''}no open hypotheses, no traceability gaps`
      : `top: ${first.kind} ${first.id} (${first.reason}); ${result.total} open item(s)`,
  ];
  if (!result.hasControlStatuses)
    lines.push('  control statuses are not wired in yet; controls are not ranked');
  const verdicts = result.verdicts ?? (result.verdict === undefined ? [] : [result.verdict]);
  for (const verdict of verdicts) lines.push(`  if claimed now: ${verdict}`);
  if (result.rules !== undefined) lines.push(...renderRules(result.rules));
  result.items.forEach((item, i) => {
    const how = item.isExploration ? ' [explore]' : '';
    lines.push(
      `${i + 1}. ${formatMilli(item.score)} ${item.kind} ${item.id}: ${item.reason}${how}`,
    );
    if (item.next !== undefined) lines.push(`   next: ${item.next}`);
  });
  if (result.total > result.items.length)
    lines.push(`… ${result.total - result.items.length} more (raise --top)`);
  for (const f of result.filtered) {
    lines.push(`FILTERED hypothesis ${f.id} by ${f.caseId}: tried before, failed: ${f.reason}`);
  }
  return lines.join('\n');
}
