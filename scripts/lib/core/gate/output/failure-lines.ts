import { nextCommand } from '../../next/next-table.ts';
// What a FAIL line quotes of a failing run's output and the command that shows more of it. Kept
// apart from read-output.ts (which redacts, and so loads the secret-shape rules) so that printing
// a verdict with no failing output does not load them.

/** The end of a failing run's output, quoted under its FAIL line. */
export interface FailureOutput {
  /** Digest of the evidence object the lines come from. */
  object: string;
  /** Its last few non-blank lines, each cut short, redacted. */
  tail: string[];
}

/** The command that shows more of a failing output than the FAIL line quotes. */
export function readMoreCommand(object: string): string {
  return nextCommand('queryEvidenceTail', { digest: object.slice(0, 12) });
}
