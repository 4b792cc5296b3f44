// One command for several blockers: the shape `claim` prints as "next, all N at once", which the
// report's blocker lists use too, so the two never say it differently.
import { quoteArg } from '../core/next/next-command.ts';

const CONTROL_SLOT = ' --control \0';

/**
 * One command for several blockers that need the same command for different controls (both
 * `evaluate` and `audit` take `--control` more than once), so the agent need not run them one by
 * one. A command chained with `&&` (register an auditor first) is left as it is.
 */
export function groupAllAtOnce(
  blockers: readonly { control: string; next?: string | undefined }[],
): { controls: string[]; command: string; replaces: Set<string> }[] {
  const groups = new Map<string, { controls: string[]; replaces: Set<string> }>();
  for (const { control, next } of blockers) {
    const flag = ` --control ${quoteArg(control)}`;
    if (next === undefined || next.includes(' && ') || !next.includes(flag)) continue;
    if (!/^proofgate (evaluate|audit) /.test(next)) continue;
    const shape = next.replace(flag, CONTROL_SLOT);
    const group = groups.get(shape) ?? { controls: [], replaces: new Set<string>() };
    if (!group.controls.includes(control)) group.controls.push(control);
    group.replaces.add(next);
    groups.set(shape, group);
  }
  return [...groups]
    .filter(([, group]) => group.controls.length > 1)
    .map(([shape, { controls, replaces }]) => {
      const flags = controls.map((c) => ` --control ${quoteArg(c)}`).join('');
      return { controls, command: shape.replace(CONTROL_SLOT, flags), replaces };
    });
}
