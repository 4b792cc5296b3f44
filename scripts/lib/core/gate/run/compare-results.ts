// An audit's verdict on a reviewed result. Any difference between two decisive results is a
// dispute; a BLOCKED re-execution compared nothing and is inconclusive, never an agreement.
import type { Agreement, ResultStatus, RunDetails } from '../entries/bodies.ts';
import { isKnown, type Inventory } from '../../inventory/inventory.ts';

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
    const tests = compareInventories(a.inventory, b.inventory);
    if (tests !== undefined) differences.push(tests);
  }
  return { agreement: differences.length > 0 ? 'disputed' : 'agree', differences };
}

/** Two counted runs of one command on one code that counted other tests: a recorded count is not trusted. */
function compareInventories(
  a: Inventory | undefined,
  b: Inventory | undefined,
): string | undefined {
  if (a === undefined || b === undefined || !isKnown(a) || !isKnown(b)) return undefined;
  if (a.ran === b.ran && a.skipped === b.skipped && a.todo === b.todo) return undefined;
  const show = (i: typeof a) => `${i.ran} run, ${i.skipped} skipped, ${i.todo} todo`;
  return `tests: reviewed ${show(a)}, audit ${show(b)}`;
}
