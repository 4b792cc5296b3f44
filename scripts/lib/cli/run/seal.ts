// The real-world wiring of `proofgate seal`: the world its seal is appended through (the key or keyless signer, the archive and
// the checkpoint state); then the flow.
import type { Context } from '../../core/context.ts';
import { sealFlow, type SealOptions, type SealReport } from '../../flows/ledger/seal-flow.ts';
import { openWorld } from '../world/open-world.ts';

export const runSeal = (options: SealOptions, ctx: Context): Promise<SealReport> =>
  sealFlow(options, ctx, openWorld(ctx));
