// Human output of `proofgate status --readiness`: the verdict first, then each scope with the claim's own
// verdict line and its blockers (the lines `query blockers` prints).
import type { ClaimBlocker } from '../core/gate/claim/decide-claim.ts';
import type { ReadinessFlowResult } from '../flows/views/readiness-flow.ts';
import { renderRules } from './gate-text.ts';
import { nameSubproject } from '../core/binding/build-subject.ts';

const describeBlocker = (b: ClaimBlocker): string =>
  `${b.status} ${b.control} [${b.stage}]: ${b.reason}${b.next === undefined ? '' : ` → ${b.next}`}`;

export function renderReadiness(result: ReadinessFlowResult): string {
  const ready = result.scopes.filter((s) => s.isReady).map((s) => s.scope);
  const open = result.scopes.filter((s) => !s.isReady);
  const head =
    open.length === 0
      ? `READY ${ready.join(', ')} at ${result.target}`
      : `NOT READY ${open.map((s) => s.scope).join(', ')} at ${result.target}${ready.length > 0 ? ` (ready: ${ready.join(', ')})` : ''}`;
  const lines = [
    result.subproject === undefined ? head : `${head} for ${nameSubproject(result.subproject)}`,
  ];
  for (const scope of open) {
    lines.push(`  ${scope.scope} (claim --scope ${scope.claimScope}): ${scope.verdict}`);
    lines.push(`    ${scope.blockers.length} blockers`);
    for (const b of scope.blockers.slice(0, 20)) lines.push(`    - ${describeBlocker(b)}`);
    if (scope.blockers.length > 20) lines.push(`    … ${scope.blockers.length - 20} more`);
  }
  if (result.rules !== undefined) lines.push(...renderRules(result.rules));
  lines.push('  nothing was written; claims are decided by proofgate claim');
  return `${lines.join('\n')}\n`;
}
