// `proofgate status`: every applicable control with its current status, why, since when and who
// ran it. Reads only. references/status.md.
import type { Context } from './lib/core/context.ts';
import type { CommonOptions } from './lib/define-verb.ts';
import { defineVerb } from './lib/define-verb.ts';
import { statusFlow, type StatusFlowResult } from './lib/gate/status-flow.ts';
import { controlFlag, readStrings } from './lib/gate-flags.ts';
import { createRealGateIO } from './lib/io/real-gate-io.ts';
import { resolveRoot } from './lib/io/git.ts';
import { runIfMain } from './lib/io/run-if-main.ts';
import { renderStatus } from './lib/render/render-gate.ts';

export interface StatusOptions extends CommonOptions {
  controls: string[];
}

export async function runStatus(options: StatusOptions, ctx: Context): Promise<StatusFlowResult> {
  const root = await resolveRoot(options.root, ctx.cwd);
  return statusFlow({ root, controls: options.controls }, ctx, createRealGateIO(ctx));
}

export const status = defineVerb<StatusOptions, StatusFlowResult>({
  name: 'status',
  describe: 'Show every applicable control: status, why, since when, who ran it',
  examples: [
    ['proofgate status', 'every control required at the target maturity'],
    ['proofgate status --control tests --json', 'one control as JSON'],
  ],
  builder: (y) => controlFlag(y),
  toOptions: (argv, common) => ({ ...common, controls: readStrings(argv, 'control') }),
  run: runStatus,
  render: renderStatus,
  // status is a report, not a gate: exit 1 says "not ready" so scripts can branch on it.
  exitCode: (r) => (r.ok ? 0 : 1),
});

runIfMain(import.meta.url, status);
