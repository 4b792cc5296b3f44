// What a verb that runs controls (audit, evaluate) settles before its flow: the repository root,
// the real gate world, the acting authority with its key id, and the grantor of `--authorize`.
import type { Context } from '../core/context.ts';
import type { Grantor } from '../core/gate/authority/grant-authority.ts';
import type { Actor } from '../core/ledger/types.ts';
import type { GateIO } from '../core/ports.ts';
import type { SignMode } from '../core/ledger/keyless.ts';
import { openSigningIO } from './world/real-gate-io.ts';
import { resolveGrantor } from '../flows/resolve-actor.ts';
import { resolveRoot } from '../io/git.ts';
import { actorFrom, type ActorFlags } from './gate-flags.ts';

export interface GateRun {
  root: string;
  io: GateIO;
  actor: Actor;
  /** Present with `--granted-by`: spread it into the flow's options as is. */
  grant: { grantor?: Grantor };
}

/** Both identities are checked against the manifest; an unknown one is a usage error (exit 2). */
export async function openGateRun(
  options: {
    root?: string | undefined;
    actor: ActorFlags;
    grantedBy?: string | undefined;
    sign?: SignMode | undefined;
    sigstoreRoot?: string | undefined;
    /** The authority acting when the flags name none (default: actorFrom's own). */
    defaultAuthority?: string;
    /**
     * Read the ledger from its newest trusted checkpoint (read-verified-ledger.ts): for a verb
     * whose reads are verdicts over the ledger (evaluate; audit of the latest result).
     */
    checkpoint?: boolean;
  },
  ctx: Context,
): Promise<GateRun> {
  const root = await resolveRoot(options.root, ctx.cwd);
  const { io, actor } = await openSigningIO(
    ctx,
    root,
    actorFrom(options.actor, ctx, options.defaultAuthority),
    options.sign,
    options.sigstoreRoot,
    options.checkpoint,
  );
  const grant =
    options.grantedBy === undefined
      ? {}
      : { grantor: await resolveGrantor(io, root, options.grantedBy, ctx.env) };
  return { root, io, actor, grant };
}
