// Running a verb once its command line is parsed (parse-args.ts): the common options, the verb's
// options, its result, and the result printed as text or JSON.
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import type { ExitCode } from '../core/errors.ts';
import type { CommonOptions } from '../core/options.ts';
import { boundText } from '../render/emit.ts';
import type { AnyVerb } from './define-verb.ts';
import type { CommonArgs } from './flags.ts';

function readCommon({ root, json, limit }: CommonArgs): CommonOptions {
  if (!Number.isInteger(limit) || limit < 256) {
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
  return { root, json, limit };
}

export async function executeVerb(
  verb: AnyVerb,
  argv: CommonArgs,
  ctx: Context,
): Promise<ExitCode> {
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
