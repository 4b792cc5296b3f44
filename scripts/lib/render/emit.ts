// Text output helpers: bounded output and the one error format (what, where, expected, next).
import type { CliError } from '../core/errors.ts';

const MAX_PROBLEMS_SHOWN = 50;

/** Cuts `text` to at most `limit` bytes of UTF-8 at a line boundary and says what was left out. */
export function boundText(text: string, limit: number): string {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= limit) return text;
  const lines = text.split('\n');
  const kept: string[] = [];
  let used = 0;
  const reserve = 120;
  for (const line of lines) {
    const size = Buffer.byteLength(line, 'utf8') + 1;
    if (used + size > limit - reserve) break;
    kept.push(line);
    used += size;
  }
  const left = bytes - used;
  return `${kept.join('\n')}\n… output truncated: ${left} more bytes (raise --limit or use --json)\n`;
}

/**
 * Cuts one line to at most `max` bytes of UTF-8 (never inside a character) and says how much was
 * left out, so one huge echoed value cannot crowd out the rest of the report.
 */
function clipLine(line: string, max: number): string {
  const bytes = Buffer.byteLength(line, 'utf8');
  if (bytes <= max) return line;
  const marker = ` … (${bytes} bytes, cut)`;
  const keep = Math.max(0, max - Buffer.byteLength(marker, 'utf8'));
  const head = Buffer.from(line, 'utf8')
    .subarray(0, keep)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
  return `${head}${marker}`;
}

/**
 * The error report for a person, bounded by `limit` bytes like every human output: each line is
 * clipped to a quarter of the limit, then whole lines are kept up to the limit, and the exit-code
 * line is always last.
 */
export function formatBoundedError(error: CliError, version: string, limit: number): string {
  const lines = formatError(error, version).replace(/\n$/, '').split('\n');
  const last = lines.pop() ?? '';
  const perLine = Math.max(120, Math.floor(limit / 4));
  const clipped = lines.map((line) => clipLine(line, perLine));
  const body = `${clipped.join('\n')}\n`;
  const room = limit - Buffer.byteLength(last, 'utf8') - 1;
  const bounded = Buffer.byteLength(body, 'utf8') <= room ? body : boundText(body, room);
  return `${bounded}${last}\n`;
}

function formatError(error: CliError, version: string): string {
  const lines = [`error [${error.code}]: ${error.message}`];
  if (error.where !== undefined) lines.push(`  where: ${error.where}`);
  if (error.expected !== undefined) lines.push(`  expected: ${error.expected}`);
  const shown = error.problems.slice(0, MAX_PROBLEMS_SHOWN);
  for (const problem of shown) lines.push(`  - ${problem}`);
  if (error.problems.length > shown.length) {
    lines.push(
      `  … and ${error.problems.length - shown.length} more problems (use --json for all)`,
    );
  }
  if (error.next !== undefined) lines.push(`  next: ${error.next}`);
  if (error.name === 'InternalError') {
    lines.push(
      '',
      'This is a bug in proofgate. Please report it with:',
      `  proofgate ${version}, node ${process.version}`,
    );
    if (error.cause instanceof Error && error.cause.stack !== undefined) {
      lines.push(error.cause.stack.split('\n').slice(0, 8).join('\n'));
    }
  }
  lines.push(`exit code ${error.exitCode}`);
  return `${lines.join('\n')}\n`;
}
