// Lets every scripts/<verb>.ts run on its own: `npx tsx scripts/verify.ts --full`.
import type { AnyVerb } from './define-verb.ts';
import { withInvocation } from './invocation-context.ts';
import { runVerb } from './run-verb.ts';
import { tolerateClosedPipes } from '../io/broken-pipe.ts';
import { createRealContext } from '../io/context.ts';
import { isMainModule } from '../io/main-module.ts';

export function runIfMain(moduleUrl: string, verb: AnyVerb): void {
  if (!isMainModule(moduleUrl)) return;
  tolerateClosedPipes();
  void runVerb(
    verb,
    [verb.name, ...process.argv.slice(2)],
    withInvocation(createRealContext(), [verb.name]),
  ).then((code) => {
    process.exitCode = code;
  });
}
