// The real-world wiring of `proofgate authority approve`: the repository root, the signing world
// of the release authority, and with --base the control definitions at that ref; then the flow.
import type { Context } from '../../core/context.ts';
import type { SignMode } from '../../core/ledger/keyless.ts';
import type { CommonOptions } from '../../core/options.ts';
import { approveFlow, type ApproveFlowResult } from '../../flows/approve-flow.ts';
import { openSigningIO } from '../world/real-gate-io.ts';
import { readBasePlane } from '../../io/base-registry.ts';
import { resolveRoot } from '../../io/git.ts';
import { actorFrom, type ActorFlags } from '../gate-flags.ts';

export interface ApproveOptions extends CommonOptions {
  controls: string[];
  base: string | undefined;
  note: string | undefined;
  actor: ActorFlags;
  sign?: SignMode;
  sigstoreRoot?: string | undefined;
}

export async function runApprove(
  options: ApproveOptions,
  ctx: Context,
): Promise<ApproveFlowResult> {
  const root = await resolveRoot(options.root, ctx.cwd);
  const { io, actor } = await openSigningIO(
    ctx,
    root,
    actorFrom(options.actor, ctx, 'virtual:release-owner'),
    options.sign,
    options.sigstoreRoot,
  );
  const atBase =
    options.base === undefined
      ? undefined
      : await readBasePlane(await io.loadPlane(root), options.base);
  const definitionsAtBase =
    atBase === undefined
      ? undefined
      : {
          base: atBase.base,
          controls: atBase.plane?.registry.controls ?? [],
          ...(atBase.plane === undefined ? {} : { manifest: atBase.plane.manifest }),
        };
  return approveFlow(
    {
      root,
      controls: options.controls,
      actor,
      ...(definitionsAtBase === undefined ? {} : { definitionsAtBase }),
      ...(options.note === undefined ? {} : { note: options.note }),
    },
    ctx,
    io,
  );
}
