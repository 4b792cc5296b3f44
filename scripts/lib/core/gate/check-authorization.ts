// Authorizations are explicit and per invocation (seed section 05: discovering a capability never
// grants it). A control whose required authorizations are not all given is BLOCKED before it runs.
import type { AuthorizationKind, Execution } from '../plane/types.ts';

export function requiredAuthorizations(execution: Execution): AuthorizationKind[] {
  const listed =
    'authorization_required' in execution ? (execution.authorization_required ?? []) : [];
  const implied: AuthorizationKind[] = execution.type === 'privileged' ? ['privileged'] : [];
  return [...new Set([...listed, ...implied])].sort();
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
