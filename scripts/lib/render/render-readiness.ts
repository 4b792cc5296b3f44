// Human output of `proofgate readiness`: the verdict first, then each scope and its blockers.
import type { Blocker } from '../core/knowledge/assess-readiness.ts';
import type { ReadinessFlowResult } from '../flows/readiness-flow.ts';

function describeBlocker(blocker: Blocker): string {
  switch (blocker.kind) {
    case 'control':
      return `${blocker.id} ${blocker.status}`;
    case 'unknown_control':
      return `${blocker.id} is not in the registry`;
    case 'gap':
      return `traceability gap ${blocker.gap.kind} ${blocker.gap.requirement}`;
    case 'audit':
      return `audit stage ${blocker.stage} missing`;
    case 'scope':
      return `subproject ${blocker.include.join(', ')} is not declared releasable (scope.releasable)`;
  }
}

export function renderReadiness(result: ReadinessFlowResult): string {
  const ready = result.scopes.filter((s) => s.isReady).map((s) => s.scope);
  const open = result.scopes.filter((s) => !s.isReady);
  const head =
    open.length === 0
      ? `READY ${ready.join(', ')} at ${result.target}`
      : `NOT READY ${open.map((s) => s.scope).join(', ')} at ${result.target}${ready.length > 0 ? ` (ready: ${ready.join(', ')})` : ''}`;
  const where =
    result.subproject === undefined ? '' : ` for subproject ${result.subproject.join(', ')}`;
  const lines = [`${head}${where}`];
  for (const scope of open) {
    lines.push(`  ${scope.scope}: ${scope.blockers.length} blockers`);
    for (const b of scope.blockers.slice(0, 20)) lines.push(`    - ${describeBlocker(b)}`);
    if (scope.blockers.length > 20) lines.push(`    … ${scope.blockers.length - 20} more`);
  }
  lines.push('  nothing was written; claims are decided by proofgate claim');
  return `${lines.join('\n')}\n`;
}
