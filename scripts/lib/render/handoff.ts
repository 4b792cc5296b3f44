// Human output of `proofgate status --handoff`: the verdict first (HANDOFF_RENDERED, HANDOFF_CURRENT
// or STALE_HANDOFF), then what differs, or the one part asked for with --show.
import type { HandoffFlowResult } from '../flows/views/handoff-flow.ts';

export function renderHandoff(r: HandoffFlowResult): string {
  const p = r.payload;
  const ready = p.readiness.filter((s) => s.ready).map((s) => s.scope);
  const facts = `task ${p.task.id}: ready ${ready.join(', ') || 'none'}; ${p.blockers.length} blocker(s)`;
  const lines =
    r.verdict === 'STALE_HANDOFF'
      ? [
          `STALE_HANDOFF ${r.files.json}: ${r.stale.length} part(s) no longer hold`,
          ...r.stale.map((s) => `  - ${s}`),
          `  now: ${facts}`,
          `  next: proofgate status --handoff --write --task ${p.task.id} ${p.task.controls.map((c) => `--control ${c}`).join(' ')}`,
        ]
      : [`${r.verdict} ${r.files.json} + ${r.files.md}: ${facts}`];
  if (r.verdict !== 'STALE_HANDOFF' && r.part !== undefined) lines.push(...renderPart(r));
  lines.push(
    `  human notes: ${r.notes.status}${r.notes.lines === 0 ? '' : ` (${r.notes.lines} line(s))`}`,
  );
  lines.push(
    '  the handoff is a summary of claim decisions, never evidence: proofgate claim decides',
  );
  return `${lines.join('\n')}\n`;
}

function renderPart(r: HandoffFlowResult): string[] {
  const p = r.payload;
  switch (r.part) {
    case 'readiness':
      return p.readiness.map(
        (s) => `  ${s.scope}: ${s.ready ? 'READY' : 'NOT READY'} (${s.blockers.length} blocker(s))`,
      );
    case 'blockers':
      return p.blockers.map(
        (b) =>
          `  ${b.id} ${b.status} ${b.control} [${b.stage}]: ${b.reason}${b.next === undefined ? '' : ` → ${b.next}`}`,
      );
    case 'bindings':
      return p.bindings.map((b) => `  ${b.control} ${b.status} tree ${b.tree}`);
    default:
      return [];
  }
}
