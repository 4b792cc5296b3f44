// Reads a CI result file from anywhere: downloaded artifacts usually live outside the repository.
import { readFile } from 'node:fs/promises';
import { UsageError } from '../../core/errors.ts';

export async function readResultFile(path: string): Promise<Uint8Array> {
  const bytes = await readFile(path).catch((cause: unknown) => {
    throw new UsageError('BAD_INPUT', `cannot read the result file ${path}`, {
      cause,
      next: 'pass the path of the file fetched from the CI run',
    });
  });
  return new Uint8Array(bytes);
}
