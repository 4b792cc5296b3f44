// `proofgate status`: every applicable control with its current status, why, since when and who
// ran it. Reads only. Its views (--readiness, --handoff, --blockers, --next) are actions of their
// own in scripts/status/. references/status.md.
import { defineVerb } from './lib/cli/define-verb.ts';
import {
  baseRefFlag,
  controlFlag,
  readBaseRef,
  trustFlag,
  trustPath,
} from './lib/cli/gate-flags.ts';
import { runStatus } from './lib/cli/run/status.ts';
import { renderStatusView } from './lib/render/status-markdown.ts';

export const status = defineVerb({
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
  flags: {
    ...controlFlag,
    ...trustFlag,
    markdown: {
      type: 'boolean',
      default: false,
      describe: 'Markdown for CI step summaries and pull-request comments',
    },
    ...baseRefFlag,
  },
  toOptions: (argv, common) => ({
    ...common,
    controls: argv.control ?? [],
    markdown: argv.markdown,
    ...readBaseRef(argv.base),
    ...trustPath(argv.trust),
  }),
  run: runStatus,
  render: renderStatusView,
  toJson: ({ markdown: _markdown, ...r }) => r,
  // status is a report, not a gate: exit 1 says "not ready" so scripts can branch on it.
  // A modified gate is an integrity violation (verify's TOOL_MODIFIED): 3, as verify exits.
  exitCode: (r) => (r.tool?.trust === 'modified' ? 3 : r.ok ? 0 : 1),
});
