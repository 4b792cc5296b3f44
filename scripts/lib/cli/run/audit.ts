// The real-world wiring of `proofgate audit`: the repository root, the signing world of the
// auditing authority and the grantor of --authorize (resolveActing), the progress lines; then the flow.
import type { Context } from '../../core/context.ts';
import type { ReviewStage } from '../../core/gate/entries/bodies.ts';
import type { SignMode } from '../../core/ledger/keyless.ts';
import type { CommonOptions } from '../../core/options.ts';
import type { AuthorizationKind } from '../../core/plane/types.ts';
import { auditFlow, type AuditFlowResult } from '../../flows/audit/audit-flow.ts';
import { progressSink } from '../../flows/run/progress.ts';
import { resolveActing, unsignedActor } from '../../flows/audit/resolve-actor.ts';
import { actorFrom, type ActorFlags } from '../gate-flags.ts';
import { openWorld } from '../world/open-world.ts';

export interface AuditOptions extends CommonOptions {
  stage: ReviewStage;
  review: string;
  controls: string[];
  actor: ActorFlags;
  authorize: AuthorizationKind[];
  grantedBy?: string | undefined;
  jobs: number;
  /** `--progress`: progress lines on stderr even under --json or when stderr is not a terminal. */
  progress?: boolean;
  /** `--quiet`: no progress lines. */
  quiet?: boolean;
  /** `--sign sigstore`: sign the audit entries keyless (references/sigstore.md). */
  sign?: SignMode;
  sigstoreRoot?: string | undefined;
  /** `--no-record`: re-run and compare, append and sign nothing (the pull-request check). */
  noRecord?: boolean;
}

export async function runAudit(options: AuditOptions, ctx: Context): Promise<AuditFlowResult> {
  // `latest` is the last result matching the current binding, which a trusted checkpoint always
  // keeps (core/ledger/checkpoint-retain.ts): that audit reads from the checkpoint, as verdicts do.
  // An entry named by hash may be a line the checkpoint dropped: the whole ledger is read.
  const checkpoint = options.review === 'latest';
  const { sign, sigstoreRoot } = options;
  const io = openWorld(ctx, { checkpoint, sign, sigstoreRoot });
  const root = await io.resolveRoot(options.root);
  const named = { actor: actorFrom(options.actor, ctx), grantedBy: options.grantedBy, sign };
  const { actor, grant } =
    options.noRecord === true
      ? {
          actor: await unsignedActor(io, root, named.actor),
          grant: named.grantedBy === undefined ? {} : { grantor: { authority: named.grantedBy } },
        }
      : await resolveActing(io, root, named, ctx.env);
  const progress = progressSink(options, ctx);
  return auditFlow(
    {
      root,
      stage: options.stage,
      review: options.review,
      controls: options.controls,
      actor,
      authorize: options.authorize,
      ...grant,
      jobs: options.jobs,
      ...(options.noRecord === true ? { noRecord: true } : {}),
      ...(progress === undefined ? {} : { progress }),
    },
    ctx,
    io,
  );
}
