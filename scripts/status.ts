// `proofgate status`: every applicable control with its current status, why, since when and who
// ran it. Reads only. references/status.md.
import { defineVerb } from './lib/cli/define-verb.ts';
import type { StatusResult } from './lib/flows/status-flow.ts';
import {
  controlFlag,
  readBaseRef,
  readStrings,
  readTrustPath,
  trustFlag,
} from './lib/cli/gate-flags.ts';
import { runStatus, type StatusOptions } from './lib/cli/run/status.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderStatusView } from './lib/render/status-markdown.ts';

export const status = defineVerb<StatusOptions, StatusResult>({
  name: 'status',
  describe: 'Show every applicable control: status, why, since when, who ran it',
  examples: [
    ['proofgate status', 'every control required at the target maturity'],
    [
      'proofgate status --control tests --json',
      'one control as JSON, with the gate binding (tool: version, bundle, trust)',
    ],
    ['proofgate status --base origin/main', 'the ledger extends origin/main; its rules decide'],
    ['proofgate status --readiness', 'task-claim, merge and release readiness (a view)'],
    ['proofgate status --markdown >> "$GITHUB_STEP_SUMMARY"', 'a CI step summary, verdict first'],
  ],
  builder: (y) =>
    trustFlag(controlFlag(y))
      .option('markdown', {
        type: 'boolean',
        default: false,
        describe: 'Markdown for CI step summaries and pull-request comments',
      })
      .option('base', {
        type: 'string',
        describe:
          'Git ref the ledger must extend and whose rules decide, as in claim (default: the branch upstream when there is one; --no-base skips it)',
      }),
  toOptions: (argv, common) => ({
    ...common,
    controls: readStrings(argv, 'control'),
    markdown: argv['markdown'] === true,
    ...readBaseRef(argv),
    ...readTrustPath(argv),
  }),
  run: runStatus,
  render: renderStatusView,
  toJson: ({ markdown: _markdown, ...r }) => r,
  // status is a report, not a gate: exit 1 says "not ready" so scripts can branch on it.
  // A modified gate is an integrity violation (verify's TOOL_MODIFIED): 3, as verify exits.
  exitCode: (r) => (r.tool?.trust === 'modified' ? 3 : r.ok ? 0 : 1),
});

runIfMain(import.meta.url, status);
