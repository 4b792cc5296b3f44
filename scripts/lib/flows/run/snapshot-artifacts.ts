// Artifacts as evidence (references/evaluate.md "Artifacts"): after a control ran, each file it
// declares under `artifacts` is stored by digest in the evidence store and recorded in the run
// body; a missing or unreadable artifact turns a PASS into a FAIL; under
// `policies.evidence.budget_bytes` a run is BLOCKED (kind evidence) when the store is already
// full, and so is one whose artifacts would take it past the budget (nothing is stored then).
// What `seal --archive` archived is not counted (io/ledger/evidence-bytes.ts).
import type { Control } from '../../core/plane/types.ts';
import type { ArtifactRecord, Blocker } from '../../core/gate/entries/bodies.ts';
import { UsageError } from '../../core/errors.ts';
import { formatEvaluateCommand } from '../../core/next/next-command.ts';
import type { EvidenceMeter } from '../../core/ports.ts';
import type { ExecuteOutcome, ExecuteSettings } from './execute-outcome.ts';

const BUDGET_NEXT =
  'raise policies.evidence.budget_bytes in controls/manifest.yaml (an owner decision), or seal and archive the evidence recorded so far (proofgate seal --archive-id <new id> --archive), which the budget then no longer counts';

/** The run's meter, or (settings built without one) a meter of this check's own. */
function evidenceMeterOf(settings: ExecuteSettings): EvidenceMeter | undefined {
  return settings.evidence ?? settings.io.evidenceMeter?.(settings.plane);
}

/** BLOCKED before anything runs when the evidence store is already at its budget. */
export async function budgetRefusal(
  control: Control,
  settings: ExecuteSettings,
): Promise<Blocker | undefined> {
  const budget = settings.plane.manifest.policies.evidence.budget_bytes;
  const meter = evidenceMeterOf(settings);
  if (budget === undefined || meter === undefined) return undefined;
  const used = await meter.bytes();
  if (used < budget) return undefined;
  return {
    kind: 'evidence',
    detail: `the evidence store holds ${used} bytes, at or over its budget of ${budget} (policies.evidence.budget_bytes): nothing more is recorded; ${BUDGET_NEXT}`,
    rerun: formatEvaluateCommand({ control: control.id }),
  };
}

export async function withArtifacts(
  control: Control,
  outcome: ExecuteOutcome,
  settings: ExecuteSettings,
): Promise<ExecuteOutcome> {
  const paths = control.artifacts ?? [];
  if (paths.length === 0 || outcome.status === 'BLOCKED') return outcome;
  const { io, plane } = settings;
  const found: { path: string; bytes: Uint8Array }[] = [];
  const problems: string[] = [];
  for (const path of paths) {
    try {
      found.push({ path, bytes: await io.readFile(plane.root, path) });
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      problems.push(`artifact ${error.message.replace(/^evidence file /, '')}`);
    }
  }
  const total = found.reduce((sum, f) => sum + f.bytes.length, 0);
  const budget = plane.manifest.policies.evidence.budget_bytes;
  const meter = evidenceMeterOf(settings);
  if (budget !== undefined && meter !== undefined) {
    const used = await meter.bytes();
    if (used + total > budget) {
      const blocker: Blocker = {
        kind: 'evidence',
        detail: `publishing ${total} bytes of artifacts would take the evidence store from ${used} to ${used + total} bytes, over its budget of ${budget} (policies.evidence.budget_bytes); ${BUDGET_NEXT}`,
        rerun: formatEvaluateCommand({ control: control.id }),
      };
      return { ...outcome, status: 'BLOCKED', details: { ...outcome.details, blocker } };
    }
  }
  const artifacts: ArtifactRecord[] = [];
  for (const f of found) {
    const sha256 = await settings.objects.put(f.bytes);
    artifacts.push({ path: f.path, sha256, bytes: f.bytes.length });
  }
  const details = { ...outcome.details, artifacts };
  const objects = [...outcome.objects, ...artifacts.map((a) => a.sha256)];
  if (problems.length === 0) return { ...outcome, details, objects };
  const detail = [outcome.details.detail, ...problems].filter((d) => d !== undefined).join('; ');
  return { ...outcome, status: 'FAIL', details: { ...details, detail }, objects };
}
