// Lets every scripts/<verb>.ts run on its own: `npx tsx scripts/verify.ts --full`.
import type { AnyVerb } from './define-verb.ts';
import { dispatch } from './dispatch.ts';
import { createRealContext } from '../io/context.ts';
import { isMainModule } from '../io/main-module.ts';

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
