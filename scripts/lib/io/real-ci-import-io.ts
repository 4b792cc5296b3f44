// The real CiImportIO: the gate's IO, scan's CI files, git for commit trees, and result files read
// from anywhere (downloaded artifacts usually live outside the repository).
import { readFile } from 'node:fs/promises';
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import { resolveCommitTree } from './commit-tree.ts';
import { createRealGateIO } from './real-gate-io.ts';
import { scanRepository } from './scan-repo.ts';
import type { CiImportIO } from '../core/ports.ts';

export function createRealCiImportIO(ctx: Context): CiImportIO {
  return {
    gate: createRealGateIO(ctx),
    listCiFiles: async (root) => (await scanRepository(root)).ci,
    commitTree: resolveCommitTree,
    readResultFile: async (path) => {
      const bytes = await readFile(path).catch((cause: unknown) => {
        throw new UsageError('BAD_INPUT', `cannot read the result file ${path}`, {
          cause,
          next: 'pass the path of the file fetched from the CI run',
        });
      });
      return new Uint8Array(bytes);
    },
  };
}
