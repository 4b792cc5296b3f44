// What a verb settles before its flow. One that runs controls or records (evaluate, audit, attest,
// approve): the repository root, the real gate world, the acting authority with its key id, and
// the grantor of `--authorize` (openGateRun). A view that answers as `claim` would (status
// --readiness, --handoff): the root, the gate world reading from the checkpoint under --trust, and
// the rules `claim` decides with (openViewRun).
import type { Context } from '../core/context.ts';
import type { Grantor } from '../core/gate/authority/grant-authority.ts';
import type { BaseRules } from '../core/gate/claim/base-rules.ts';
import type { Actor } from '../core/ledger/types.ts';
import type { GateIO } from '../core/ports.ts';
import type { SignMode } from '../core/ledger/keyless.ts';
import { resolveGrantor } from '../flows/resolve-actor.ts';
import { readViewRules } from '../flows/trusted-rules.ts';
import { resolveRoot } from '../io/git.ts';
import { readTrustOption } from '../io/trust-io.ts';
import { createRealGateIO, openSigningIO } from './world/real-gate-io.ts';
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

export interface ViewRun {
  root: string;
  io: GateIO;
  /** The rules `claim` decides with: the upstream branch's, else the tree's own (said so). */
  rulesAtBase: BaseRules | null;
}

/** The root, the gate world (a checkpoint read under `--trust`) and the rules claim uses. */
export async function openViewRun(
  options: { root?: string | undefined; trust?: string | undefined },
  ctx: Context,
): Promise<ViewRun> {
  const root = await resolveRoot(options.root, ctx.cwd);
  const trust = readTrustOption(ctx.cwd, options.trust);
  const io = createRealGateIO(ctx, { trust, checkpoint: true });
  const rulesAtBase = await readViewRules(await io.loadPlane(root), trust);
  return { root, io, rulesAtBase };
}
