// STALE_ARTIFACT: a PASS whose recorded artifact (a project file stored by digest after the run)
// no longer matches the file in the project does not count: the evidence it kept is not what the
// project holds now (references/evaluate.md "Artifacts"). Pure: the current digests come in.
import type { JsonValue, StoredEntry } from '../../ledger/types.ts';
import { AUDIT_STAGES } from '../../ledger/types.ts';
import type { ArtifactRecord } from '../entries/bodies.ts';
import type { ControlStatus } from './compute-status.ts';

function readRecords(v: JsonValue | undefined): ArtifactRecord[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((a) => {
    if (typeof a !== 'object' || a === null || Array.isArray(a)) return [];
    const { path, sha256, bytes } = a;
    return typeof path === 'string' && typeof sha256 === 'string' && typeof bytes === 'number'
      ? [{ path, sha256, bytes }]
      : [];
  });
}

/** The artifacts an entry recorded: a run's own, or an audit's re-execution's. */
export function recordedArtifacts(stored: StoredEntry): ArtifactRecord[] {
  const body = stored.entry.body;
  const run = body['run'];
  const nested =
    typeof run === 'object' && run !== null && !Array.isArray(run) ? run['artifacts'] : undefined;
  return [...readRecords(body['artifacts']), ...readRecords(nested)];
}

/**
 * Each PASS stage whose deciding entry recorded an artifact that `current` (path → digest now, or
 * undefined when the file is gone) no longer matches becomes STALE, reason STALE_ARTIFACT.
 */
export function withArtifactStale(
  statuses: readonly ControlStatus[],
  entries: ReadonlyMap<string, StoredEntry>,
  current: ReadonlyMap<string, string | undefined>,
): ControlStatus[] {
  return statuses.map((status) => {
    let changed = false;
    const stages = { ...status.stages };
    for (const stage of AUDIT_STAGES) {
      const decided = stages[stage];
      const stored = decided.entry === undefined ? undefined : entries.get(decided.entry);
      if (decided.status !== 'PASS' || stored === undefined) continue;
      const drift = recordedArtifacts(stored).find((a) => current.get(a.path) !== a.sha256);
      if (drift === undefined) continue;
      const now = current.get(drift.path);
      const what = now === undefined ? 'is gone' : `is now ${now.slice(0, 12)}`;
      stages[stage] = {
        ...decided,
        status: 'STALE',
        reason: `STALE_ARTIFACT ${drift.path} no longer matches the artifact recorded by ${stored.hash.slice(0, 12)} (${drift.sha256.slice(0, 12)}; the file ${what})`,
      };
      changed = true;
    }
    if (!changed) return status;
    const disputed = AUDIT_STAGES.map((s) => stages[s]).find((s) => s.status === 'DISPUTED');
    const headline = disputed ?? stages.self;
    return { ...status, stages, status: headline.status, reason: headline.reason };
  });
}
