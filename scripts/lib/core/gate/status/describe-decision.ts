// The decision a person recorded with adopt, as status and the report show it: a manual command
// they gave, or a control they declared not applicable, by whom and when. Pure.
import type { Control } from '../../plane/types.ts';

/** Who gave a control its manual command or declared it not applicable, and when. */
export function describeDecision(control: Control): string | undefined {
  const at = control.recorded === undefined ? '' : ` on ${control.recorded.at}`;
  if (!control.applies.value && control.recorded !== undefined)
    return `recorded by ${control.recorded.by}${at}`;
  if (control.source?.startsWith('manual:') === true)
    return `manual command given by ${control.recorded?.by ?? control.source.slice('manual:'.length)}${at}`;
  return undefined;
}
