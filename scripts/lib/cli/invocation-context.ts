// The one step that turns the core's `proofgate <verb> …` advice into the invocation that works
// where the reader is (npx, this copy's bin, or bare), decided once per process. `--help` is the
// exception: it describes the command the user types (`proofgate <verb>`), not how this shell
// reaches this copy, so its text is left as written; a refusal (on stderr, or a JSON document with
// --json) still holds commands to paste and is rewritten.
import type { Context } from '../core/context.ts';
import { chooseInvocation, rewriteInvocation } from '../core/gate/run/invocation.ts';
import { invocationFacts } from '../io/host/invocation.ts';

/** `--help` or `-h` before any `--` (after it the words belong to a control command). */
function asksForHelp(args: readonly string[]): boolean {
  const cut = args.indexOf('--');
  const head = cut === -1 ? args : args.slice(0, cut);
  return head.includes('--help') || head.includes('-h');
}

function isJson(text: string): boolean {
  return /^\s*[[{]/.test(text);
}

export function withInvocation(
  ctx: Context,
  verbs: readonly string[],
  args: readonly string[] = [],
): Context {
  const invocation = chooseInvocation(invocationFacts(ctx.env, ctx.cwd));
  const known = new Set(verbs);
  const help = asksForHelp(args);
  const rewrite = (text: string): string => rewriteInvocation(text, invocation, known);
  return {
    ...ctx,
    out: { write: (text) => ctx.out.write(help && !isJson(text) ? text : rewrite(text)) },
    err: { write: (text) => ctx.err.write(rewrite(text)) },
  };
}
