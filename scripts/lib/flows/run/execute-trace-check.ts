// A trace control: a rule pack checked against the recorded traces, its report stored as evidence.
import type { World } from '../../core/world/world.ts';
import type { Execution } from '../../core/plane/types.ts';
import type { RunDetails } from '../../core/gate/entries/bodies.ts';
import type { TraceOutcome } from '../../core/ports.ts';
import { redactText } from '../../core/redact/redact.ts';
import type { ExecuteOutcome, ExecuteSettings } from './execute-outcome.ts';

export async function executeTraceCheck(
  execution: Extract<Execution, { type: 'trace' }>,
  settings: ExecuteSettings,
): Promise<ExecuteOutcome> {
  const started = Date.now();
  const outcome = await (settings.io.checkTrace?.(settings.plane.root, execution) ??
    checkTrace(settings.plane.root, execution, settings.io));
  const objects = outcome.report === undefined ? [] : [await settings.objects.put(outcome.report)];
  const details: RunDetails = {
    execution: 'trace',
    duration_ms: Math.max(0, Date.now() - started),
    timed_out: false,
    truncated: false,
    detail: redactText(outcome.detail, settings.rules),
    authorizations: [],
  };
  if (objects[0] !== undefined) details.review = objects[0];
  return { status: outcome.status, details, objects };
}

/**
 * The trace control as the gate sees it. An invalid or missing pack stays a ConfigError (exit 2):
 * a broken pack is a plane problem for a human, not a result of the code under test.
 */
async function checkTrace(
  root: string,
  execution: Extract<Execution, { type: 'trace' }>,
  io: Pick<World, 'loadTrace'>,
): Promise<TraceOutcome> {
  // Loaded on first use: the trace readers and the rule-pack validator are only needed by a
  // trace control that actually runs, never by claim, status or the Stop hook.
  const { checkTraceControl } = await import('../trace/trace-control.ts');
  const result = await checkTraceControl(root, execution, await io.loadTrace());
  return {
    status: result.status,
    detail: result.summary,
    ...(result.report === null
      ? {}
      : { report: new TextEncoder().encode(`${JSON.stringify(result.report, null, 2)}\n`) }),
  };
}
