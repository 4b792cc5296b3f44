// `proofgate claim`: granted only on current PASS in every required stage by independent
// identities; the first line is the verdict, then each blocker and its next command.
// references/claim.md.
import type { Context } from './lib/core/context.ts';
import { UsageError } from './lib/core/errors.ts';
import type { ClaimScope } from './lib/core/plane/types.ts';
import { CLAIM_SCOPES } from './lib/core/plane/types.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { claimInCampaign } from './lib/flows/campaign-claim.ts';
import { claimPhase } from './lib/flows/campaign-phase-claim.ts';
import { claimFlow, type ClaimFlowResult } from './lib/flows/claim-flow.ts';
import {
  actorFlags,
  actorFrom,
  controlFlag,
  readActorFlags,
  readSigstoreRoot,
  readStrings,
  readTrustPath,
  trustFlag,
  sigstoreRootFlag,
  type ActorFlags,
} from './lib/cli/gate-flags.ts';
import { readTrustOption, type LoadedTrust } from './lib/io/trust-io.ts';
import { describeKeyProvenance } from './lib/io/key-provenance.ts';
import { findUpstream } from './lib/io/ledger-upstream.ts';
import { startBaseProbe } from './lib/io/base-probe.ts';
import { endWorktreeState, startWorktreeState } from './lib/io/worktree-state.ts';
import { describeTrust } from './lib/flows/trust-check.ts';
import { createRealGateIO } from './lib/cli/world/real-gate-io.ts';
import { resolveActor } from './lib/flows/resolve-actor.ts';
import { findGitRoot, resolveRoot } from './lib/io/git.ts';
import { readBasePlane } from './lib/io/base-registry.ts';
import {
  hookDir,
  parseTaskControlsEnv,
  readTaskFile,
  TASK_CONTROLS_ENV,
} from './lib/io/hook-files.ts';
import { readTrustedRules, withTrust } from './lib/flows/trusted-rules.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderClaim } from './lib/render/render-gate.ts';
import type { CommonOptions } from './lib/core/options.ts';
import { parseShardCount } from './lib/core/gate/run/shard.ts';

export interface ClaimOptions extends CommonOptions {
  scope: ClaimScope;
  controls: string[];
  base: string | undefined;
  record: boolean;
  actor: ActorFlags;
  /** Brownfield: a task (or a whole phase) claim inside a registered campaign (references/campaign.md). */
  campaign: { id: string; task: string } | { id: string; phase: string } | undefined;
  /** The number of runners of a sharded evaluation whose results this claim merges. */
  shards?: number;
  /** `--trust FILE`: the auditor's trust root (references/trust.md). */
  trust?: string;
  /** trusted_root.json for keyless signatures (default: the shipped public-good root). */
  sigstoreRoot?: string | undefined;
}

export async function runClaim(options: ClaimOptions, ctx: Context): Promise<ClaimFlowResult> {
  const root = await resolveRoot(options.root, ctx.cwd);
  // git status for the subject bindings runs while the plane and the ledger are read, and the
  // upstream and the base are asked for once for the rules, the ledger check and the keys.
  const top = await findGitRoot(root);
  const started = startWorktreeState(top);
  const endProbe = startBaseProbe(root);
  await started;
  try {
    return await claimWithProbe(options, root, ctx);
  } finally {
    endProbe();
    endWorktreeState(top);
  }
}

async function claimWithProbe(
  options: ClaimOptions,
  root: string,
  ctx: Context,
): Promise<ClaimFlowResult> {
  const trust = readTrustOption(ctx.cwd, options.trust);
  // The one integrity check, against --base when given (the ledger extends it byte for byte and
  // every commit since it only appended), else against the branch upstream: exit 3 on a finding.
  const io = createRealGateIO(ctx, {
    trust,
    checkpoint: true,
    sigstoreRoot: options.sigstoreRoot,
    ...(options.base === undefined ? {} : { against: { base: options.base } }),
  });
  const result = await decideClaim(options, root, ctx, io, trust);
  const keys = await describeKeyProvenance(await io.loadPlane(root), result.statuses, {
    trustFile: trust?.name,
    upstream: await findUpstream(root, 'keys'),
  });
  return { ...result, trust: { ...describeTrust(trust), keys } };
}

async function decideClaim(
  options: ClaimOptions,
  root: string,
  ctx: Context,
  io: ReturnType<typeof createRealGateIO>,
  trust: LoadedTrust | undefined,
): Promise<ClaimFlowResult> {
  const actor = await resolveActor(io, root, actorFrom(options.actor, ctx), ctx.env);
  const plane = await io.loadPlane(root);
  // A task file naming a campaign task (`campaign start` writes it) is the campaign claim, when
  // neither --control nor the environment names the task.
  const brownfield = plane.manifest.profile.development_mode === 'ai_brownfield';
  const named =
    options.scope === 'task'
      ? await readNamed(options.controls, root, ctx, brownfield && options.campaign === undefined)
      : undefined;
  const inCampaign =
    options.campaign ??
    (named?.campaign !== undefined && options.shards === undefined
      ? { id: named.campaign.campaign, task: named.campaign.task }
      : undefined);
  if (inCampaign !== undefined) {
    const { id } = inCampaign;
    const atBase = withTrust(
      options.base === undefined ? undefined : await readBasePlane(plane, options.base),
      trust,
    );
    const flow = {
      root,
      controls: options.campaign === undefined ? (named?.ids ?? []) : options.controls,
      ...(named === undefined ? {} : { controlsFrom: named.source }),
      record: options.record,
      actor,
      ...(atBase === undefined ? {} : { rulesAtBase: atBase }),
      // The change is measured from the trusted base, as for a plain task claim.
      changeBase: atBase ?? (await readTrustedRules(plane, undefined)),
    };
    return 'phase' in inCampaign
      ? claimPhase({ ...flow, campaign: id, phase: inCampaign.phase }, ctx, io)
      : claimInCampaign({ ...flow, campaign: id, task: inCampaign.task }, ctx, io);
  }
  // --base in CI; locally the upstream branch's rules, the same rule (flows/trusted-rules.ts).
  const rulesAtBase = withTrust(await readTrustedRules(plane, options.base), trust);
  const shards = options.shards === undefined ? {} : { shards: options.shards };
  return claimFlow(
    {
      root,
      scope: options.scope,
      controls: named?.ids ?? options.controls,
      ...(named === undefined ? {} : { controlsFrom: named.source }),
      record: options.record,
      actor,
      ...shards,
      ...(rulesAtBase === undefined ? { ownRules: true } : { rulesAtBase }),
    },
    ctx,
    io,
  );
}

/**
 * The controls the task names and where: --control, else the env var, else task.json; and the
 * campaign task the task file names. The file is read when nothing else names the task, and
 * always with `campaignFirst` (ai_brownfield, as the Stop hook reads it): named controls then
 * add to its campaign task.
 */
async function readNamed(
  flags: readonly string[],
  root: string,
  ctx: Context,
  campaignFirst: boolean,
): Promise<{ ids: string[]; source: string; campaign?: { campaign: string; task: string } }> {
  const fromEnv = parseTaskControlsEnv(ctx.env[TASK_CONTROLS_ENV]);
  const given =
    flags.length > 0
      ? { ids: [...flags], source: '--control' }
      : fromEnv === undefined
        ? undefined
        : { ids: fromEnv, source: TASK_CONTROLS_ENV };
  if (given !== undefined && !campaignFirst) return given;
  const file = readTaskFile(await hookDir(root));
  const campaign = file?.campaign === undefined ? {} : { campaign: file.campaign };
  return { ...(given ?? { ids: file?.controls ?? [], source: 'task.json' }), ...campaign };
}

function readCampaign(argv: Record<string, unknown>): ClaimOptions['campaign'] {
  const id = argv['campaign'];
  const task = argv['task'];
  const phase = argv['phase'];
  if (id === undefined && task === undefined && phase === undefined) return undefined;
  const named = [task, phase].filter((v) => typeof v === 'string' && v !== '');
  if (typeof id !== 'string' || id === '' || named.length !== 1)
    throw new UsageError('MISSING_ARG', '--campaign goes with exactly one of --task and --phase', {
      expected: '--campaign <id> --task <id>, or --campaign <id> --phase <id>',
      next: 'proofgate campaign list shows the registered campaigns, their phases and tasks',
    });
  return typeof phase === 'string' ? { id, phase } : { id, task: String(task) };
}

function readShards(value: unknown, inCampaign: boolean): { shards?: number } {
  if (value === undefined) return {};
  if (typeof value !== 'string') {
    throw new UsageError('BAD_VALUE', '--shards takes one value n', {
      where: '--shards',
      expected: 'a whole number, e.g. 3',
      next: 'give --shards once',
    });
  }
  if (inCampaign) {
    throw new UsageError('BAD_FLAG', '--shards does not go with --campaign', {
      where: '--shards',
      next: 'claim the merged shards with --scope task or --scope project',
    });
  }
  return { shards: parseShardCount(value) };
}

export const claim = defineVerb<ClaimOptions, ClaimFlowResult>({
  name: 'claim',
  describe: 'Claim a task, the project or a release done: granted only on current PASS evidence',
  examples: [
    ['proofgate claim --control tests', 'claim a task that touched the tests control'],
    ['proofgate claim --scope project', 'claim every applicable control'],
    [
      'proofgate claim --scope project --base origin/main --no-record',
      'in CI: prove the ledger only grew, then decide without recording',
    ],
    ['proofgate claim --campaign lint-debt --task t1', 'a brownfield task claim inside a campaign'],
    [
      'proofgate claim --campaign lint-debt --phase p1',
      'every task of a phase: granted only when each task is',
    ],
    [
      'proofgate claim --scope project --shards 3 --no-record',
      'in the merge job of three evaluate --run --shard runners: refuse naming a missing shard',
    ],
  ],
  builder: (y) =>
    sigstoreRootFlag(trustFlag(actorFlags(controlFlag(y))))
      .option('scope', { choices: CLAIM_SCOPES, default: 'task', describe: 'what is claimed' })
      .option('base', {
        type: 'string',
        describe:
          'git ref the ledger must extend (verify first); its authorities, keys, policies and controls decide',
      })
      .option('campaign', {
        type: 'string',
        describe: 'campaign id (with --task): a brownfield task claim',
      })
      .option('task', { type: 'string', describe: 'task id inside --campaign' })
      .option('phase', {
        type: 'string',
        describe: 'phase id inside --campaign: every task of the phase (instead of --task)',
      })
      .option('shards', {
        type: 'string',
        describe:
          'n: the results come from n runners of evaluate --run --shard i/n; refuse naming any shard with no current result',
      })
      .option('record', {
        type: 'boolean',
        default: true,
        describe: 'append a granted claim (--no-record: decide only)',
      }),
  toOptions: (argv, common) => {
    const base = argv['base'];
    if (base !== undefined && (typeof base !== 'string' || base === ''))
      throw new UsageError('MISSING_ARG', '--base needs a git ref', { expected: 'origin/main' });
    return {
      ...common,
      campaign: readCampaign(argv),
      scope: argv['scope'] as ClaimScope,
      controls: readStrings(argv, 'control'),
      base: typeof base === 'string' ? base : undefined,
      record: argv['record'] !== false,
      actor: readActorFlags(argv),
      sigstoreRoot: readSigstoreRoot(argv),
      ...readShards(argv['shards'], argv['campaign'] !== undefined),
      ...readTrustPath(argv),
    };
  },
  run: runClaim,
  render: renderClaim,
  exitCode: (r) => (r.granted ? 0 : 1),
});

runIfMain(import.meta.url, claim);
