// `hook stop` as the agent's Stop hook calls it, in process: the decision it prints, if any.
import { verbTable } from '../../scripts/cli.ts';
import { dispatchTable } from '../../scripts/lib/cli/dispatch-table.ts';
import { createTestContext } from './context.ts';

export interface StopDecision {
  decision?: string;
  reason?: string;
}

/** Runs `hook stop --root <dir> [...flags]` on a Stop event, with a minimal environment. */
export async function hookStopIn(dir: string, ...flags: string[]): Promise<StopDecision> {
  const ctx = createTestContext({
    cwd: dir,
    stdin: JSON.stringify({ session_id: 's', hook_event_name: 'Stop', stop_hook_active: false }),
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' },
    now: new Date().toISOString(),
  });
  await dispatchTable(verbTable, ['hook', 'stop', '--root', dir, ...flags], ctx);
  return JSON.parse(ctx.stdout() || '{}') as StopDecision;
}
