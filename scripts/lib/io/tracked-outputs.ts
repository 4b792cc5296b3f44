// Declared `outputs` leave their paths out of every subject binding, so they may name only build
// products: a file tracked at HEAD or in the index that an output glob matches is source, and
// declaring it would let every edit to it go unjudged. Refused at adoption and in every verdict
// (ConfigError OUTPUT_TRACKED, exit 2), naming the control and the path.
import { toGlobPathspec } from '../core/shared/pathspec.ts';
import { ConfigError, EnvironmentError } from '../core/errors.ts';
import { runGit } from './git.ts';
import type { DeclaredOutputs } from '../core/world/git-port.ts';

// The tracked paths (index, plus HEAD's entries removed from the index since) the globs match.
async function trackedMatches(root: string, globs: readonly string[]): Promise<string[]> {
  const pathspecs = globs.map(toGlobPathspec);
  const args = ['ls-files', '-z', '--cached', '--full-name'];
  let result = await runGit([...args, '--with-tree=HEAD', '--', ...pathspecs], { cwd: root });
  // before the first commit there is no HEAD to overlay: the index alone is what is tracked
  if (result.code !== 0) result = await runGit([...args, '--', ...pathspecs], { cwd: root });
  if (result.code !== 0) {
    throw new EnvironmentError('GIT_FAILED', `git ls-files failed: ${result.stderr.trim()}`, {
      where: root,
      next: 'run "git status" in that repository to see what git objects to',
    });
  }
  return [...new Set(result.stdout.toString('utf8').split('\0').filter(Boolean))].sort();
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
