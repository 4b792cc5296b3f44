// A path given on the command line as the repository-relative POSIX path knowledge records name.
import { isAbsolute, relative, sep } from 'node:path';
import { UsageError } from '../errors.ts';

/** Repository-relative POSIX path; refuses paths that leave the root. */
export function toRepoPath(root: string, input: string): string {
  const rel = isAbsolute(input) ? relative(root, input) : input;
  const posix = rel
    .split(sep)
    .join('/')
    .replace(/^(\.\/)+/, '')
    .replace(/\/+$/, '');
  if (posix === '' || posix.split('/').includes('..') || isAbsolute(posix)) {
    throw new UsageError('BAD_VALUE', `path ${input} is not inside the repository`, {
      where: input,
      expected: `a path relative to ${root}`,
      next: 'name a file inside the repository, e.g. src/api/orders.ts',
    });
  }
  return posix;
}
