// The real-world wiring of `proofgate verify`: the world the ledger is proven in (its anchors, repairs, trust file and the
// Sigstore root); then the flow.
import type { Context } from '../../core/context.ts';
import {
  verifyFlow,
  type VerifyOptions,
  type VerifyReport,
} from '../../flows/ledger/verify-flow.ts';
import { LEDGER_REPAIR_PART } from '../world/ledger-repair-part.ts';
import { openWorld } from '../world/open-world.ts';

export const runVerify = (options: VerifyOptions, ctx: Context): Promise<VerifyReport> =>
  verifyFlow(options, ctx, openWorld(ctx, {}, LEDGER_REPAIR_PART));
