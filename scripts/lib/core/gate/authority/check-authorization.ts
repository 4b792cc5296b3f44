// Authorizations are explicit and per invocation: discovering a capability never grants it. A
// control whose required authorizations are not all given is BLOCKED before it runs.
import type { AuthorizationKind, Execution } from '../../plane/types.ts';
import { classifyArgv, riskAuthorizations, type RiskClass } from '../../scan/risk-class.ts';

export function requiredAuthorizations(execution: Execution): AuthorizationKind[] {
  const listed =
    'authorization_required' in execution ? (execution.authorization_required ?? []) : [];
  const implied: AuthorizationKind[] = execution.type === 'privileged' ? ['privileged'] : [];
  // A hand-edited argv that publishes, deploys, downloads or rewrites needs the grant too.
  const risky = riskAuthorizations(executionRisks(execution));
  return [...new Set([...listed, ...implied, ...risky])].sort();
}

/** The risk classes of the command a control runs (none for non-command executions). */
export function executionRisks(execution: Execution): RiskClass[] {
  const argv = 'argv' in execution ? execution.argv : undefined;
  return argv === undefined ? [] : classifyArgv(argv);
}

export function splitAuthorizations(
  execution: Execution,
  given: readonly AuthorizationKind[],
): { granted: AuthorizationKind[]; missing: AuthorizationKind[] } {
  const needed = requiredAuthorizations(execution);
  return {
    granted: needed.filter((a) => given.includes(a)),
    missing: needed.filter((a) => !given.includes(a)),
  };
}
