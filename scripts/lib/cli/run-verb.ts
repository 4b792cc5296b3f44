// Runs one loaded verb: its command line is parsed by lean-parse.ts, the one parser of every run;
// a command line asking for --help or --version loads the yargs tree (dispatch.ts) to render it.
import type { Context } from '../core/context.ts';
import type { ExitCode } from '../core/errors.ts';
import type { AnyVerb } from './define-verb.ts';
import { COMMON_OPTIONS, executeVerb } from './execute-verb.ts';
import { leanParse } from './lean-parse.ts';
import { reportError } from './report-error.ts';
import { splitPassthrough, verbIndex } from './verb-index.ts';

const HELP_OR_VERSION = new Set(['--help', '-h', '--version']);

/**
 * Parses and runs `verb` named in `args`. Never throws. `spelled`: the verb was reached by a
 * sub-action spelling (`proofgate authority keys` runs `proofgate authority keys`); its help says so.
 */
export async function runVerb(
  verb: AnyVerb,
  args: readonly string[],
  ctx: Context,
  spelled?: { from: string; to: string },
): Promise<ExitCode> {
  const { head, rest } = splitPassthrough(args);
  const at = verbIndex(head);
  if (at !== undefined && head[at] === verb.name && !head.some((a) => HELP_OR_VERSION.has(a))) {
    let wantsJson = head.includes('--json');
    try {
      const argv = leanParse(verb, [...head.slice(0, at), ...head.slice(at + 1)], COMMON_OPTIONS);
      wantsJson = argv['json'] === true;
      return await executeVerb(verb, argv, ctx, rest);
    } catch (error) {
      return reportError(error, wantsJson, ctx, args);
    }
  }
  const { dispatch } = await import('./dispatch.ts');
  if (spelled === undefined) return dispatch([verb], args, ctx);
  const rewrite = (text: string): string => text.split(spelled.from).join(spelled.to);
  const helpCtx: Context = {
    ...ctx,
    out: { write: (text) => ctx.out.write(rewrite(text)) },
  };
  return dispatch([verb], args, helpCtx);
}
