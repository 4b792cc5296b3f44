// Which controls a target maturity requires. Maturity is cumulative (see ARCHITECTURE.md): a control applies at every level from its required_from_maturity upwards.
import type { Control, Execution, Maturity } from '../../plane/types.ts';
import { MATURITY_LEVELS } from '../../plane/types.ts';

function rankMaturity(level: Maturity): number {
  return MATURITY_LEVELS.indexOf(level);
}

export function isRequiredAt(control: Control, target: Maturity): boolean {
  return rankMaturity(control.required_from_maturity) <= rankMaturity(target);
}

/** Controls required at `target`, in registry order; includes applies:false ones (NOT_APPLICABLE). */
export function selectRequired(controls: readonly Control[], target: Maturity): Control[] {
  return controls.filter((c) => isRequiredAt(c, target));
}

/** A control marked not applicable counts only with an owner and a rationale on record. */
export function isValidlyNotApplicable(control: Control): boolean {
  const { value, owner, rationale } = control.applies;
  return !value && (owner ?? '').trim() !== '' && (rationale ?? '').trim() !== '';
}

/** Manual controls, and remote/privileged ones without argv, cannot be executed, only attested. */
export function isAttestOnly(execution: Execution): boolean {
  if (execution.type === 'manual') return true;
  return (
    (execution.type === 'remote' || execution.type === 'privileged') && execution.argv === undefined
  );
}
