// The real-world wiring of `proofgate authority approve`: the repository root, the signing world
// of the release authority, and with --base the control definitions at that ref; then the flow.
import type { Context } from '../../core/context.ts';
import type { SignMode } from '../../core/ledger/keyless.ts';
import type { CommonOptions } from '../../core/options.ts';
import { approveFlow, type ApproveFlowResult } from '../../flows/audit/approve-flow.ts';
import { readBasePlane } from '../../io/plane/base-registry.ts';
import { resolveActing } from '../../flows/audit/resolve-actor.ts';
import { readReachChanges } from '../../flows/claim/reach-changes.ts';
import { actorFrom, type ActorFlags } from '../gate-flags.ts';
import { openWorld } from '../world/open-world.ts';

export interface ApproveOptions extends CommonOptions {
  controls: string[];
  base: string | undefined;
  note: string | undefined;
  policies?: boolean;
  actor: ActorFlags;
  sign?: SignMode;
  sigstoreRoot?: string | undefined;
}

export async function runApprove(
  options: ApproveOptions,
  ctx: Context,
): Promise<ApproveFlowResult> {
  const { sign, sigstoreRoot } = options;
  const io = openWorld(ctx, { sign, sigstoreRoot });
  const root = await io.resolveRoot(options.root);
  const named = { actor: actorFrom(options.actor, ctx, 'virtual:release-owner'), sign };
  const { actor } = await resolveActing(io, root, named, ctx.env);
  const plane = options.base === undefined ? undefined : await io.loadPlane(root);
  const atBase =
    plane === undefined || options.base === undefined
      ? undefined
      : await readBasePlane(plane, options.base);
  const definitionsAtBase =
    atBase === undefined || plane === undefined
      ? undefined
      : {
          base: atBase.base,
          controls: atBase.plane?.registry.controls ?? [],
          ...(atBase.plane === undefined ? {} : { manifest: atBase.plane.manifest }),
          reach: await readReachChanges(plane, atBase, io),
        };
  return approveFlow(
    {
      root,
      controls: options.controls,
      actor,
      ...(definitionsAtBase === undefined ? {} : { definitionsAtBase }),
      ...(options.note === undefined ? {} : { note: options.note }),
      ...(options.policies === true ? { policies: true } : {}),
    },
    ctx,
    io,
  );
}
