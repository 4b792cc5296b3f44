// Writes a report file whole or not at all: a temporary sibling, then rename.
import { renameSync, writeFileSync } from 'node:fs';
import { UsageError } from '../../core/errors.ts';

export function writeFileAtomic(path: string, content: string, flag: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, content);
    renameSync(temp, path);
  } catch (error) {
    throw new UsageError(
      'BAD_VALUE',
      `cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      {
        where: flag,
        next: 'choose a writable path',
      },
    );
  }
}
