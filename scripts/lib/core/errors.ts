// Typed errors (see ARCHITECTURE.md). Every error crossing a module boundary is one of these, and
// cli.ts turns it into a message plus the exit code of the CLI contract (references/exit-codes.md).

export type ExitCode = 0 | 1 | 2 | 3 | 4;

export interface ErrorDetails {
  /** Where the problem is: a file, `file:line`, or `file:/json/path`. */
  where?: string;
  /** What was expected instead. */
  expected?: string;
  /** The next step the reader should take. */
  next?: string;
  /** Further located problems, when validation collected several. */
  problems?: readonly string[];
  cause?: unknown;
}

export abstract class CliError<Code extends string = string> extends Error {
  abstract readonly exitCode: ExitCode;
  readonly code: Code;
  readonly where: string | undefined;
  readonly expected: string | undefined;
  readonly next: string | undefined;
  readonly problems: readonly string[];

  constructor(code: Code, message: string, details: ErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.where = details.where;
    this.expected = details.expected;
    this.next = details.next;
    this.problems = details.problems ?? [];
  }
}

export type UsageCode =
  | 'MISSING_ARG'
  | 'BAD_FLAG'
  | 'BAD_VALUE'
  | 'UNKNOWN_ID'
  | 'UNKNOWN_VIEW'
  | 'BAD_INPUT'
  | 'TRACE_UNREADABLE'
  | 'TRACE_FORMAT_UNKNOWN'
  | 'TRACE_EMPTY'
  | 'TRACE_UNKNOWN';
/** Exit 2: the caller asked for something malformed. */
export class UsageError extends CliError<UsageCode> {
  override readonly name = 'UsageError';
  readonly exitCode = 2;
}

export type ConfigCode =
  | 'YAML_INVALID'
  | 'SCHEMA_INVALID'
  | 'CONTROL_UNKNOWN'
  | 'PLANE_MISSING'
  | 'PLANE_EXISTS'
  | 'KEY_INVALID'
  | 'GLOB_INVALID'
  | 'INPUT_UNMATCHED'
  | 'OUTPUT_TRACKED'
  | 'KNOWLEDGE_INVALID'
  | 'TRUST_INVALID'
  | 'PACKAGING_UNSAFE';
/** Exit 2: a human-owned source (manifest, registry, pack, profile) is missing or invalid. */
export class ConfigError extends CliError<ConfigCode> {
  override readonly name = 'ConfigError';
  readonly exitCode = 2;
}

/** The integrity codes (exit 3); declared once, the type derives from it. */
export const INTEGRITY_CODES = [
  'CHAIN_BROKEN',
  'HASH_MISMATCH',
  'NOT_CANONICAL',
  'SIGNATURE_INVALID',
  'SEAL_INVALID',
  'TORN_LINE',
  'OBJECT_MISSING',
  'OBJECT_UNSAFE',
  'NOT_APPEND_ONLY',
  'NOT_TRUSTED',
] as const;
export type IntegrityCode = (typeof INTEGRITY_CODES)[number];
/** Exit 3: evidence or the ledger was tampered with or is corrupt. */
export class IntegrityError extends CliError<IntegrityCode> {
  override readonly name = 'IntegrityError';
  readonly exitCode = 3;
  /** How many findings the integrity check made: the same number in every verb that runs it. */
  readonly findingCount: number | undefined;

  constructor(
    code: IntegrityCode,
    message: string,
    details: ErrorDetails & { findingCount?: number } = {},
  ) {
    super(code, message, details);
    this.findingCount = details.findingCount;
  }
}

export type EnvironmentCode =
  | 'NOT_A_GIT_REPO'
  | 'LOCK_TIMEOUT'
  | 'GIT_FAILED'
  | 'IO_FAILED'
  | 'SIGSTORE_UNAVAILABLE'
  | 'SUBJECT_UNBINDABLE';
/** Exit 4: the environment cannot serve the request (no git repository, lock busy, disk). */
export class EnvironmentError extends CliError<EnvironmentCode> {
  override readonly name = 'EnvironmentError';
  readonly exitCode = 4;
}

/**
 * A bug in proofgate itself, reported with a "please report" block. Exit 4: never 3, which would
 * tell an auditor the ledger was tampered with, and never 0.
 */
export class InternalError extends CliError<'INTERNAL'> {
  override readonly name = 'InternalError';
  readonly exitCode = 4;
  constructor(message: string, details: ErrorDetails = {}) {
    super('INTERNAL', message, details);
  }
}

export function isCliError(value: unknown): value is CliError {
  return value instanceof CliError;
}
