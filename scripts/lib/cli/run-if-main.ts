// Lets every scripts/<verb>.ts run on its own: `npx tsx scripts/verify.ts --full`.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AnyVerb } from './define-verb.ts';
import { dispatch } from './dispatch.ts';
import { createRealContext } from '../io/context.ts';

export function isMainModule(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

export function runIfMain(moduleUrl: string, verb: AnyVerb): void {
  if (!isMainModule(moduleUrl)) return;
  void dispatch(
    [verb],
    [verb.name, ...process.argv.slice(2)],
    createRealContext(),
    `proofgate`,
  ).then((code) => {
    process.exitCode = code;
  });
}
