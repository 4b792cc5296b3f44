// Whether a read trace can be judged at all. A trace with a malformed record (bad JSON, a seq
// that repeats or leaves a gap) or one that declares a format version its adapter was not
// written for is UNKNOWN: rules run on a partial or misread picture could pass a bad trajectory.
import type { RecordCounts } from './events.ts';
import type { TraceAdapter } from './adapters/define-adapter.ts';
import { adapterId } from './adapters/define-adapter.ts';

/** Why the trace cannot be judged, one problem per entry naming its line; empty when it can. */
export function findUnjudgeable(
  adapter: TraceAdapter,
  counts: RecordCounts,
  sourceVersion: string | undefined,
): string[] {
  const problems: string[] = [];
  if (sourceVersion !== undefined && !adapter.knowsVersion(sourceVersion)) {
    problems.push(
      `declares format version ${sourceVersion}; ${adapterId(adapter)} knows ${adapter.formatVersions}`,
    );
  }
  problems.push(...counts.notes);
  const unnamed = counts.malformed - counts.notes.length;
  if (unnamed > 0) problems.push(`… and ${unnamed} more malformed record(s)`);
  return problems;
}
