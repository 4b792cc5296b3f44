// The one place an error becomes output: a JSON document on stdout under --json, and the
// what/where/expected/next text on stderr, with the error's contract exit code.
import type { Context } from '../core/context.ts';
import { IntegrityError, InternalError, isCliError } from '../core/errors.ts';
import type { CliError, ExitCode } from '../core/errors.ts';
import { formatBoundedError } from '../render/emit.ts';
import { readPackageVersion } from '../io/host/package-version.ts';

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
    ...(error instanceof IntegrityError && error.findingCount !== undefined
      ? { findingCount: error.findingCount }
      : {}),
  };
}

const DEFAULT_LIMIT = 8192;
const MIN_LIMIT = 256;

/**
 * The `--limit` an error report honours, read from the raw arguments: the error may come from
 * parsing them, so the parsed value is not at hand. A missing or unusable value is the default.
 */
export function errorLimit(args: readonly string[]): number {
  let raw: string | undefined;
  args.forEach((arg, i) => {
    if (arg === '--limit') raw = args[i + 1];
    else if (arg.startsWith('--limit=')) raw = arg.slice('--limit='.length);
  });
  const limit = raw !== undefined && /^\d{3,9}$/.test(raw) ? Number(raw) : DEFAULT_LIMIT;
  return limit >= MIN_LIMIT ? limit : DEFAULT_LIMIT;
}

/**
 * Writes `error` for a human (stderr, bounded by `--limit` like all human output) and, under
 * --json, as one JSON document (stdout, whole: a cut document is invalid).
 */
export function reportError(
  error: unknown,
  wantsJson: boolean,
  ctx: Context,
  args: readonly string[] = [],
): ExitCode {
  const cliError = toCliError(error);
  if (wantsJson) {
    ctx.out.write(`${JSON.stringify({ error: errorToJson(cliError) }, null, 2)}\n`);
  }
  ctx.err.write(formatBoundedError(cliError, VERSION, errorLimit(args)));
  return cliError.exitCode;
}
