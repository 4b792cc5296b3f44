// The one place an error becomes output: a JSON document on stdout under --json, and the
// what/where/expected/next text on stderr, with the error's contract exit code.
import type { Context } from '../core/context.ts';
import { InternalError, isCliError } from '../core/errors.ts';
import type { CliError, ExitCode } from '../core/errors.ts';
import { formatError } from '../render/emit.ts';
import { readPackageVersion } from '../io/package-version.ts';

/** The version printed by --version and in error reports, from package.json. */
export const VERSION = readPackageVersion();

export function toCliError(error: unknown): CliError {
  if (isCliError(error)) return error;
  return new InternalError(error instanceof Error ? error.message : String(error), {
    cause: error,
  });
}

function errorToJson(error: CliError): Record<string, unknown> {
  return {
    name: error.name,
    code: error.code,
    message: error.message,
    exitCode: error.exitCode,
    ...(error.where === undefined ? {} : { where: error.where }),
    ...(error.expected === undefined ? {} : { expected: error.expected }),
    ...(error.next === undefined ? {} : { next: error.next }),
    ...(error.problems.length === 0 ? {} : { problems: error.problems }),
  };
}

/** Writes `error` for a human (stderr) and, under --json, as one JSON document (stdout). */
export function reportError(error: unknown, wantsJson: boolean, ctx: Context): ExitCode {
  const cliError = toCliError(error);
  if (wantsJson) {
    ctx.out.write(`${JSON.stringify({ error: errorToJson(cliError) }, null, 2)}\n`);
  }
  ctx.err.write(formatError(cliError, VERSION));
  return cliError.exitCode;
}
