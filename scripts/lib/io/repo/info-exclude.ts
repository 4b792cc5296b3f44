// What `.git/info/exclude` says, which decides whether one git status walk may list the untracked
// files too (worktree-state.ts reads it before and after that status).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What `.git/info/exclude` says: '' when it is absent or holds only comments and blank lines, its
 * text otherwise; undefined when it cannot be read (taken as saying something).
 */
export function infoExclude(commonDir: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(join(commonDir, 'info', 'exclude'), 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? '' : undefined;
  }
  return text.split('\n').every((line) => /^\s*(#|$)/.test(line)) ? '' : text;
}
