// The real-I/O wiring of `proofgate status` (references/status.md): the root, the base probe, the
// upstream or --base fork the ledger must extend, the --trust file, the gate world and the key
// provenance; the statuses and the claim view are the status flow's.
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';
import { statusFlow, type StatusResult } from '../../flows/status-flow.ts';
import { describeTrust } from '../../flows/trust-check.ts';
import { readViewRules } from '../../flows/trusted-rules.ts';
import { readTrustOption } from '../../io/trust-io.ts';
import { describeKeyProvenance } from '../../io/key-provenance.ts';
import { startBaseProbe } from '../../io/base-probe.ts';
import { resolveRoot } from '../../io/git.ts';
import { findBaseFork, findUpstream } from '../../io/ledger-upstream.ts';
import { lastLedgerRead } from '../../io/read-verified-ledger.ts';
import { createRealGateIO } from '../world/real-gate-io.ts';

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
  const ledger =
    trust === undefined
      ? lastLedgerRead()
      : ({ from: 'whole', why: 'a --trust file decides' } as const);
  return {
    ...result,
    trust: { ...describeTrust(trust), keys },
    markdown: options.markdown,
    ...(ledger === undefined ? {} : { ledger }),
    ...(upstream === undefined ? {} : { upstream }),
  };
}
