// The real-world wiring of `proofgate attest`: the repository root and the signing world of the
// attesting authority (its key or keyless identity), then the flow.
import type { Context } from '../../core/context.ts';
import type { SignMode } from '../../core/ledger/keyless.ts';
import type { CommonOptions } from '../../core/options.ts';
import { attestFlow, type AttestFlowResult } from '../../flows/audit/attest-flow.ts';
import { resolveActing } from '../../flows/audit/resolve-actor.ts';
import { actorFrom, type ActorFlags } from '../gate-flags.ts';
import { openWorld } from '../world/open-world.ts';

export interface AttestOptions extends CommonOptions {
  control: string;
  status: 'PASS' | 'FAIL';
  note: string;
  evidence: string | undefined;
  expires: string | undefined;
  standing: boolean;
  actor: ActorFlags;
  sign?: SignMode;
  sigstoreRoot?: string | undefined;
}

export async function runAttest(options: AttestOptions, ctx: Context): Promise<AttestFlowResult> {
  const { sign, sigstoreRoot } = options;
  const io = openWorld(ctx, { sign, sigstoreRoot });
  const root = await io.resolveRoot(options.root);
  const named = { actor: actorFrom(options.actor, ctx), sign };
  const { actor } = await resolveActing(io, root, named, ctx.env);
  return attestFlow(
    {
      root,
      control: options.control,
      status: options.status,
      note: options.note,
      ...(options.evidence === undefined ? {} : { evidence: options.evidence }),
      ...(options.expires === undefined ? {} : { expires: options.expires }),
      standing: options.standing,
      actor,
    },
    ctx,
    io,
  );
}
