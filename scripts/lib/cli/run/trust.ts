// The real-world wiring of `proofgate export --trust-root`: the world the ledger is verified in and the trust file written
// through; then the flow.
import type { Context } from '../../core/context.ts';
import { trustFlow, type TrustOptions, type TrustResult } from '../../flows/ledger/trust-flow.ts';
import { LEDGER_REPAIR_PART } from '../world/ledger-repair-part.ts';
import { openWorld } from '../world/open-world.ts';

export const runTrust = (options: TrustOptions, ctx: Context): Promise<TrustResult> =>
  trustFlow(options, ctx, openWorld(ctx, {}, LEDGER_REPAIR_PART));
