// The real-world wiring of `proofgate evaluate`: the repository root, the signing world of the
// acting authority and the grantor of --authorize (resolveActing), the progress lines; then the flow.
import type { Context } from '../../core/context.ts';
import type { ShardSpec } from '../../core/gate/run/shard.ts';
import type { CommonOptions } from '../../core/options.ts';
import type { AuthorizationKind } from '../../core/plane/types.ts';
import { evaluateRounds, type EvaluateResult } from '../../flows/run/evaluate-rounds.ts';
import { progressSink } from '../../flows/run/progress.ts';
import { resolveActing } from '../../flows/audit/resolve-actor.ts';
import { actorFrom, type ActorFlags } from '../gate-flags.ts';
import { openWorld } from '../world/open-world.ts';
import { createEfficacyIO } from '../../io/repo/temp-worktree.ts';

export interface EvaluateOptions extends CommonOptions {
  mode: 'run' | 'dry-run';
  controls: string[];
  actor: ActorFlags;
  authorize: AuthorizationKind[];
  grantedBy?: string | undefined;
  jobs: number;
  /** `--shard i/n`: this runner's slice of the controls. */
  shard?: ShardSpec;
  /** `--progress`: progress lines on stderr even under --json, from the start. */
  progress?: boolean;
  /** `--quiet`: no progress lines. */
  quiet?: boolean;
  /** `--repeat N` with --run: up to N runs in a row, stopping at the first that is not a pass. */
  repeat?: number;
  /** `--max-mutants N`: changed-line mutants per test control (0: none). */
  maxMutants?: number;
  /** `--base <ref>`: where the changed lines are counted from (default: the trusted base). */
  base?: string;
  /** trusted_root.json for keyless signatures (default: the shipped public-good root). */
  sigstoreRoot?: string | undefined;
}

export async function runEvaluate(options: EvaluateOptions, ctx: Context): Promise<EvaluateResult> {
  // Its reads of the ledger are verdicts (flaky marks, attested statuses), so they start
  // from the newest trusted checkpoint as claim's do: time and memory follow the suffix.
  const io = openWorld(ctx, { checkpoint: true, sigstoreRoot: options.sigstoreRoot });
  const root = await io.resolveRoot(options.root);
  const named = { actor: actorFrom(options.actor, ctx), grantedBy: options.grantedBy };
  const { actor, grant } = await resolveActing(io, root, named, ctx.env);
  const progress = progressSink(options, ctx);
  return evaluateRounds(
    {
      ...(options.repeat === undefined ? {} : { repeat: options.repeat }),
      run: {
        root,
        controls: options.controls,
        actor,
        authorize: options.authorize,
        ...grant,
        jobs: options.jobs,
        dryRun: options.mode === 'dry-run',
        ...(options.shard === undefined ? {} : { shard: options.shard }),
        ...(progress === undefined ? {} : { progress }),
        changedMutants: {
          eio: createEfficacyIO(),
          ...(options.maxMutants === undefined ? {} : { max: options.maxMutants }),
          ...(options.base === undefined ? {} : { base: options.base }),
        },
      },
    },
    ctx,
    io,
  );
}
