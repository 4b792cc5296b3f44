// The real-I/O wiring of `proofgate status` (references/status.md): the root, the base probe, the
// upstream or --base fork the ledger must extend, the --trust file, the gate world and the key
// provenance; the statuses and the claim view are the status flow's.
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';
import { statusFlow, type StatusResult } from '../../flows/views/status-flow.ts';
import { describeTrust } from '../../core/trust/apply-trust.ts';
import { readViewRules } from '../../flows/claim/trusted-rules.ts';
import { describeKeyProvenance } from '../../io/keys/key-provenance.ts';
import { ledgerRel } from '../../core/plane/plane.ts';
import { startProbeWithLedger } from '../../io/ledger/ledger-base.ts';
import { locatePlane } from '../../io/plane/locate-plane.ts';
import { lastLedgerRead } from '../../io/ledger/read-verified-ledger.ts';
import type { World } from '../../core/world/world.ts';
import { openWorld } from '../world/open-world.ts';

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
  // The ledger must extend the upstream's fork point, or --base's; none with --no-base.
  const io = openWorld(ctx, {
    against: options.noBase
      ? { upstream: undefined }
      : options.base === undefined
        ? { upstream: 'find' }
        : { fork: options.base },
    trustFile: options.trust,
    checkpoint: true,
  });
  const root = await io.resolveRoot(options.root);
  // The upstream and the base are asked for once, and git answers each question once, for the
  // rules, the ledger check and the keys (io/repo/verdict-memo.ts).
  const plane = locatePlane(root);
  const endProbe = startProbeWithLedger(root, plane === undefined ? undefined : ledgerRel(plane));
  try {
    return await statusWithProbe(options, root, ctx, io);
  } finally {
    endProbe();
  }
}

async function statusWithProbe(
  options: StatusOptions,
  root: string,
  ctx: Context,
  io: World,
): Promise<StatusResult> {
  const upstream = await io.ledgerUpstream(root);
  const { trust } = io;
  const plane = await io.loadPlane(root);
  // The claim view decides with the rules `claim` uses: the upstream branch's, else its own.
  const rulesAtBase = await readViewRules(io, plane, trust, options.base);
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
