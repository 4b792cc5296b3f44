// The files `init --scaffold-ci` reads (the shipped workflow template, the repository's own
// workflows for pins it already trusts) and writes (create-only: an existing file is never
// replaced, and a failed write removes what this run wrote).
import {
  chmodSync,
  lstatSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError } from '../../core/errors.ts';
import { packagePath } from '../host/package-root.ts';

export function readWorkflowTemplate(): string {
  return readFileSync(packagePath('templates', 'github', 'proofgate.yml'), 'utf8');
}

/** `.github/workflows/*.yml|yaml` of the repository (regular files only), path → text. */
export function readRepoWorkflows(root: string): { file: string; text: string }[] {
  const dir = join(root, '.github', 'workflows');
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names
    .filter((n) => /\.ya?ml$/.test(n) && lstatSync(join(dir, n)).isFile())
    .map((n) => ({ file: `.github/workflows/${n}`, text: readFileSync(join(dir, n), 'utf8') }));
}

const exists = (path: string): boolean => {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
};

export function writeNewFiles(
  root: string,
  files: readonly { path: string; text: string; executable?: boolean }[],
): void {
  const taken = files.filter((f) => exists(join(root, f.path))).map((f) => f.path);
  if (taken.length > 0)
    throw new UsageError('BAD_VALUE', `${taken.join(', ')} already exist(s)`, {
      where: taken[0] ?? '',
      expected: 'paths that do not exist yet (a scaffold never replaces a file)',
      next: 'move or delete them, then run proofgate init --scaffold-ci again; nothing was written',
    });
  const written: string[] = [];
  try {
    for (const f of files) {
      const full = join(root, f.path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, f.text, { flag: 'wx' });
      written.push(full);
      if (f.executable === true) chmodSync(full, 0o755);
    }
  } catch (error) {
    for (const full of written) rmSync(full, { force: true });
    throw new UsageError(
      'BAD_VALUE',
      `cannot write the scaffold: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      {
        next: 'fix the path, then run it again; nothing was left behind',
      },
    );
  }
}
