// The one step that turns the core's `proofgate <verb> …` advice into the invocation that works
// where the reader is (npx, this copy's bin, or bare), decided once per process.
import type { Context } from '../core/context.ts';
import { chooseInvocation, rewriteInvocation } from '../core/gate/run/invocation.ts';
import { invocationFacts } from '../io/host/invocation.ts';

export function withInvocation(ctx: Context, verbs: readonly string[]): Context {
  const invocation = chooseInvocation(invocationFacts(ctx.env, ctx.cwd));
  const known = new Set(verbs);
  const rewrite = (output: Context['out']): Context['out'] => ({
    write: (text) => output.write(rewriteInvocation(text, invocation, known)),
  });
  return { ...ctx, out: rewrite(ctx.out), err: rewrite(ctx.err) };
}
