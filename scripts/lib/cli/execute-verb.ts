// Running a verb once its arguments are parsed: the common options, the verb's options, its
// result, and the result printed as text or JSON. The arguments always come from lean-parse.ts.
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import type { ExitCode } from '../core/errors.ts';
import type { CommonOptions } from '../core/options.ts';
import { boundText } from '../render/emit.ts';
import type { AnyVerb, ParsedArgs } from './define-verb.ts';

const DEFAULT_LIMIT = 8192;

/** The flags every verb accepts, as yargs option declarations. */
export const COMMON_OPTIONS = {
  root: { type: 'string', describe: 'Repository root (default: git top level of the cwd)' },
  json: { type: 'boolean', default: false, describe: 'Print one JSON document on stdout' },
  limit: { type: 'number', default: DEFAULT_LIMIT, describe: 'Bound on human output, in bytes' },
} as const;

function readCommon(argv: ParsedArgs): CommonOptions {
  const limit = argv['limit'];
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 256) {
    throw new UsageError(
      'BAD_VALUE',
      `--limit must be a whole number of bytes >= 256, got ${String(limit)}`,
      {
        where: '--limit',
        expected: 'an integer >= 256',
        next: 'omit --limit for the default of 8192 bytes',
      },
    );
  }
  const root = argv['root'];
  return { root: typeof root === 'string' ? root : undefined, json: argv['json'] === true, limit };
}

export async function executeVerb(
  verb: AnyVerb,
  argv: ParsedArgs,
  ctx: Context,
  rest?: readonly string[],
): Promise<ExitCode> {
  if (rest !== undefined) argv['--'] = [...rest];
  const common = readCommon(argv);
  const options: unknown = verb.toOptions(argv, common);
  const result: unknown = await verb.run(options, ctx);
  if (common.json) {
    ctx.out.write(`${JSON.stringify(verb.toJson ? verb.toJson(result) : result, null, 2)}\n`);
  } else {
    const text = verb.render(result);
    const whole = text.endsWith('\n') ? text : `${text}\n`;
    // An empty rendering prints nothing (a Stop hook allows by staying silent). Only prose for a
    // person is bounded; a machine format is printed whole (a cut JSONL file is invalid).
    if (text !== '')
      ctx.out.write(
        verb.isMachineOutput?.(result) === true ? whole : boundText(whole, common.limit),
      );
  }
  return verb.exitCode(result);
}
