// `proofgate status`: every applicable control with its current status, why, since when and who
// ran it. Reads only. references/status.md.
import type { Context } from './lib/core/context.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { statusFlow, type StatusFlowResult } from './lib/flows/status-flow.ts';
import { controlFlag, readStrings } from './lib/cli/gate-flags.ts';
import { createRealGateIO } from './lib/flows/world/real-gate-io.ts';
import { resolveRoot } from './lib/io/git.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderStatus } from './lib/render/render-gate.ts';
import { renderStatusMarkdown } from './lib/render/status-markdown.ts';
import type { CommonOptions } from './lib/core/options.ts';

export interface StatusOptions extends CommonOptions {
  controls: string[];
  markdown: boolean;
}

type StatusResult = StatusFlowResult & { markdown: boolean };

export async function runStatus(options: StatusOptions, ctx: Context): Promise<StatusResult> {
  const root = await resolveRoot(options.root, ctx.cwd);
  const result = await statusFlow({ root, controls: options.controls }, ctx, createRealGateIO(ctx));
  return { ...result, markdown: options.markdown };
}

export const status = defineVerb<StatusOptions, StatusResult>({
  name: 'status',
  describe: 'Show every applicable control: status, why, since when, who ran it',
  examples: [
    ['proofgate status', 'every control required at the target maturity'],
    ['proofgate status --control tests --json', 'one control as JSON'],
    ['proofgate status --markdown >> "$GITHUB_STEP_SUMMARY"', 'a CI step summary, verdict first'],
  ],
  builder: (y) =>
    controlFlag(y).option('markdown', {
      type: 'boolean',
      default: false,
      describe: 'Markdown for CI step summaries and pull-request comments',
    }),
  toOptions: (argv, common) => ({
    ...common,
    controls: readStrings(argv, 'control'),
    markdown: argv['markdown'] === true,
  }),
  run: runStatus,
  render: (r) => (r.markdown ? renderStatusMarkdown(r) : renderStatus(r)),
  toJson: ({ markdown: _markdown, ...r }) => r,
  // status is a report, not a gate: exit 1 says "not ready" so scripts can branch on it.
  exitCode: (r) => (r.ok ? 0 : 1),
});

runIfMain(import.meta.url, status);
