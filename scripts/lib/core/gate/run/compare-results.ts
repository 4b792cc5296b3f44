// An audit's verdict on a reviewed result. Any difference between two decisive results is a
// dispute; a BLOCKED re-execution compared nothing and is inconclusive, never an agreement.
import type { Agreement, ResultStatus, RunDetails } from '../entries/bodies.ts';

export interface ComparedResult {
  status: ResultStatus;
  run?: RunDetails;
}

export function compareResults(
  reviewed: ComparedResult,
  audit: ComparedResult,
): { agreement: Agreement; differences: string[] } {
  if (audit.status === 'BLOCKED') {
    const why = audit.run?.blocker;
    const detail = why === undefined ? 'blocked' : `blocked (${why.kind}): ${why.detail}`;
    return { agreement: 'inconclusive', differences: [`re-execution ${detail}`] };
  }
  const differences: string[] = [];
  if (reviewed.status !== audit.status) {
    differences.push(`status: reviewed ${reviewed.status}, audit ${audit.status}`);
  }
  const a = reviewed.run;
  const b = audit.run;
  if (a !== undefined && b !== undefined) {
    if (a.exit_code !== b.exit_code) {
      differences.push(
        `exit code: reviewed ${a.exit_code ?? 'none'}, audit ${b.exit_code ?? 'none'}`,
      );
    }
    if (a.ratchet?.fingerprints !== b.ratchet?.fingerprints) {
      differences.push(
        `violations: reviewed ${a.ratchet?.count ?? 'unreadable'}, audit ${b.ratchet?.count ?? 'unreadable'} (fingerprint sets differ)`,
      );
    }
    if (a.timed_out !== b.timed_out) {
      differences.push(`timed out: reviewed ${a.timed_out}, audit ${b.timed_out}`);
    }
  }
  return { agreement: differences.length > 0 ? 'disputed' : 'agree', differences };
}
