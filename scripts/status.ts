// `proofgate status`: every applicable control with its current status, why, since when and who
// ran it. Reads only. references/status.md.
import type { Context } from './lib/core/context.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { statusFlow, type StatusFlowResult } from './lib/flows/status-flow.ts';
import {
  controlFlag,
  readBaseRef,
  readStrings,
  readTrustPath,
  trustFlag,
} from './lib/cli/gate-flags.ts';
import { readTrustOption } from './lib/io/trust-io.ts';
import { describeKeyProvenance } from './lib/io/key-provenance.ts';
import { describeTrust } from './lib/flows/trust-check.ts';
import { createRealGateIO } from './lib/cli/world/real-gate-io.ts';
import { startBaseProbe } from './lib/io/base-probe.ts';
import { readViewRules } from './lib/flows/trusted-rules.ts';
import { resolveRoot } from './lib/io/git.ts';
import { findBaseFork, findUpstream, type UpstreamCheck } from './lib/io/ledger-upstream.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderStatus } from './lib/render/render-gate.ts';
import { renderStatusMarkdown } from './lib/render/status-markdown.ts';
import type { CommonOptions } from './lib/core/options.ts';

export interface StatusOptions extends CommonOptions {
  controls: string[];
  markdown: boolean;
  /** Skip the default append-only check of the ledger against the branch's upstream. */
  noBase: boolean;
  /** `--base <ref>`: the ledger must extend this ref, and its rules decide (as in claim). */
  base?: string;
  /** `--trust FILE`: the auditor's trust root (references/trust.md). */
  trust?: string;
}

type StatusResult = StatusFlowResult & { markdown: boolean; upstream?: UpstreamCheck };

export async function runStatus(options: StatusOptions, ctx: Context): Promise<StatusResult> {
  const root = await resolveRoot(options.root, ctx.cwd);
  // The upstream and the base are asked for once, and git answers each question once, for the
  // rules, the ledger check and the keys (io/verdict-memo.ts).
  const endProbe = startBaseProbe(root);
  try {
    return await statusWithProbe(options, root, ctx);
  } finally {
    endProbe();
  }
}

async function statusWithProbe(
  options: StatusOptions,
  root: string,
  ctx: Context,
): Promise<StatusResult> {
  const upstream = options.noBase
    ? undefined
    : options.base === undefined
      ? await findUpstream(root)
      : await findBaseFork(root, options.base);
  const trust = readTrustOption(ctx.cwd, options.trust);
  const io = createRealGateIO(ctx, { against: { upstream }, trust, checkpoint: true });
  const plane = await io.loadPlane(root);
  // The claim view decides with the rules `claim` uses: the upstream branch's, else its own.
  const rulesAtBase = await readViewRules(plane, trust, options.base);
  const result = await statusFlow({ root, controls: options.controls, rulesAtBase }, ctx, io);
  const keys = await describeKeyProvenance(plane, result.statuses, {
    trustFile: trust?.name,
    upstream,
  });
  return {
    ...result,
    trust: { ...describeTrust(trust), keys },
    markdown: options.markdown,
    ...(upstream === undefined ? {} : { upstream }),
  };
}

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
  render: (r) => (r.markdown ? renderStatusMarkdown(r) : renderStatus(r)),
  toJson: ({ markdown: _markdown, ...r }) => r,
  // status is a report, not a gate: exit 1 says "not ready" so scripts can branch on it.
  exitCode: (r) => (r.ok ? 0 : 1),
});

runIfMain(import.meta.url, status);
