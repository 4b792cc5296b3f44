// The repository's root .gitignore, read and appended to (never rewritten: the owner's lines stay).
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The text of `<root>/.gitignore`, '' when there is none. */
export function readGitignore(root: string): string {
  const file = join(root, '.gitignore');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** Appends `lines` under a comment naming why, after the owner's last line. */
export function appendGitignore(root: string, comment: string, lines: readonly string[]): void {
  const existing = readGitignore(root);
  const lead = existing === '' || existing.endsWith('\n') ? '' : '\n';
  appendFileSync(join(root, '.gitignore'), `${lead}# ${comment}\n${lines.join('\n')}\n`);
}
