// Declared `outputs` leave their paths out of every subject binding, so they may name only build
// products: a file tracked at HEAD or in the index that an output glob matches is source, and
// declaring it would let every edit to it go unjudged. Refused at adoption and in every verdict
// (ConfigError OUTPUT_TRACKED, exit 2), naming the control and the path.
import { ConfigError } from '../../core/errors.ts';
import { listTrackedMatching } from '../git.ts';
import type { DeclaredOutputs } from '../../core/world/git-port.ts';

// The tracked paths (index, plus HEAD's entries removed from the index since) the globs match.
async function trackedMatches(root: string, globs: readonly string[]): Promise<string[]> {
  return [...new Set(await listTrackedMatching(root, globs))].sort();
}

/** Throws OUTPUT_TRACKED (exit 2) when an output glob of `controls` matches a tracked file. */
export async function assertOutputsUntracked(
  root: string,
  controls: readonly DeclaredOutputs[],
  where: string,
): Promise<void> {
  const problems: string[] = [];
  for (const control of controls) {
    const outputs = control.outputs ?? [];
    if (outputs.length === 0) continue;
    const tracked = await trackedMatches(root, outputs);
    const shown = tracked.slice(0, 5).join(', ');
    const more = tracked.length > 5 ? ` and ${tracked.length - 5} more` : '';
    if (tracked.length > 0)
      problems.push(`control ${control.id} outputs match tracked file(s): ${shown}${more}`);
  }
  if (problems.length === 0) return;
  throw new ConfigError(
    'OUTPUT_TRACKED',
    `${problems.length} control(s) declare tracked files as outputs: ${problems.join('; ')}`,
    {
      where,
      problems,
      expected:
        'outputs name only untracked or ignored build products; a tracked file is source and stays in the subject',
      next: "narrow the control's outputs to the files its command writes, or stop tracking those files (git rm --cached) if they are build products",
    },
  );
}
