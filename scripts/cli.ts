// The `proofgate` dispatcher. The table below is the list of verbs, in help order (STYLE.md rule 3).
import type { AnyVerb } from './lib/define-verb.ts';
import { dispatch } from './lib/dispatch.ts';
import { createRealContext } from './lib/io/context.ts';
import { isMainModule } from './lib/io/run-if-main.ts';
import { memory } from './memory.ts';
import { decision } from './decision.ts';
import { hypothesis } from './hypothesis.ts';
import { casebase } from './casebase.ts';
import { sync } from './sync.ts';
import { next } from './next.ts';

export const verbs: readonly AnyVerb[] = [memory, decision, hypothesis, casebase, sync, next];

export async function main(args: readonly string[]): Promise<void> {
  process.exitCode = await dispatch(verbs, args, createRealContext());
}

if (isMainModule(import.meta.url)) await main(process.argv.slice(2));
