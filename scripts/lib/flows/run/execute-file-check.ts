// A file control: whether a path exists (or not) under the root. Nothing runs and nothing is stored.
import type { Execution } from '../../core/plane/types.ts';
import type { RunDetails } from '../../core/gate/entries/bodies.ts';
import type { ExecuteOutcome, ExecuteSettings } from './execute-outcome.ts';

export async function executeFileCheck(
  execution: Extract<Execution, { type: 'file' }>,
  settings: ExecuteSettings,
): Promise<ExecuteOutcome> {
  const state = await settings.io.statPath(settings.plane.root, execution.path);
  const exists = state === 'file' || state === 'directory';
  const holds = state !== 'outside' && (execution.condition === 'exists' ? exists : !exists);
  const detail =
    state === 'outside'
      ? `${execution.path} resolves outside the root`
      : `${execution.path} is ${exists ? 'present' : 'absent'} (expected ${execution.condition})`;
  const details: RunDetails = {
    execution: 'file',
    duration_ms: 0,
    timed_out: false,
    truncated: false,
    detail,
    authorizations: [],
  };
  return { status: holds ? 'PASS' : 'FAIL', details, objects: [] };
}
