// The real-I/O wiring of `proofgate claim` (references/claim.md): the root, the worktree-state and
// base probes, the --trust file, the gate world, the acting authority and the key provenance; which
// claim it is (flows/claim/claim-subject.ts) and the decision are the flows'.
import type { Context } from '../../core/context.ts';
import { ledgerRel } from '../../core/plane/plane.ts';
import type { ClaimScope } from '../../core/plane/types.ts';
import type { CommonOptions } from '../../core/options.ts';
import { claimInCampaign } from '../../flows/campaign/campaign-claim.ts';
import { claimPhase } from '../../flows/campaign/campaign-phase-claim.ts';
import { claimFlow, type ClaimFlowResult } from '../../flows/claim/claim-flow.ts';
import { chooseClaimSubject } from '../../flows/claim/claim-subject.ts';
import { describeTrust } from '../../core/trust/apply-trust.ts';
import { resolveActor } from '../../flows/audit/resolve-actor.ts';
import { readTrustedRules, withTrust } from '../../flows/claim/trusted-rules.ts';
import type { World } from '../../core/world/world.ts';
import { describeKeyProvenance } from '../../io/keys/key-provenance.ts';
import { locatePlane } from '../../io/plane/locate-plane.ts';
import { actorFrom, type ActorFlags } from '../gate-flags.ts';
import { openWorld } from '../world/open-world.ts';

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
  // The one integrity check, against --base when given (the ledger extends it byte for byte and
  // every commit since it only appended), else against the branch upstream: exit 3 on a finding.
  const io = openWorld(ctx, {
    trustFile: options.trust,
    checkpoint: true,
    sigstoreRoot: options.sigstoreRoot,
    ...(options.base === undefined ? {} : { against: { base: options.base } }),
  });
  const root = await io.resolveRoot(options.root);
  // git status for the subject bindings runs while the plane and the ledger are read, and the
  // upstream and the base are asked for once for the rules, the ledger check and the keys.
  const top = (await io.git.findRepositoryPaths(root)).top;
  await io.git.startWorktreeState(top);
  const plane = locatePlane(root);
  const endProbe = io.git.startBaseProbe(root, plane === undefined ? undefined : ledgerRel(plane));
  try {
    return await claimWithProbe(options, root, ctx, io);
  } finally {
    endProbe();
    io.git.endWorktreeState(top);
  }
}

async function claimWithProbe(
  options: ClaimOptions,
  root: string,
  ctx: Context,
  io: World,
): Promise<ClaimFlowResult> {
  const trust = io.trust;
  const result = await decideClaim(options, root, ctx, io);
  const keys = await describeKeyProvenance(await io.loadPlane(root), result.statuses, {
    trustFile: trust?.name,
    upstream: await io.ledger.findUpstream(root, 'keys'),
  });
  return { ...result, trust: { ...describeTrust(trust), keys } };
}

async function decideClaim(
  options: ClaimOptions,
  root: string,
  ctx: Context,
  io: World,
): Promise<ClaimFlowResult> {
  const { trust } = io;
  const actor = await resolveActor(io, root, actorFrom(options.actor, ctx), ctx.env);
  const plane = await io.loadPlane(root);
  const subject = await chooseClaimSubject(
    {
      flags: options.controls,
      env: ctx.env,
      brownfield: plane.manifest.profile.development_mode === 'ai_brownfield',
      isTask: options.scope === 'task',
      campaign: options.campaign,
      isSharded: options.shards !== undefined,
    },
    async () => io.hook.readTaskFile(await io.hook.hookDir(root)),
  );
  const named = {
    controls: subject.controls,
    ...(subject.controlsFrom === undefined ? {} : { controlsFrom: subject.controlsFrom }),
  };
  if (subject.kind !== 'task') {
    const atBase = withTrust(
      options.base === undefined
        ? undefined
        : await io.planeFiles.readBasePlane(plane, options.base),
      trust,
    );
    const flow = {
      root,
      ...named,
      record: options.record,
      actor,
      ...(atBase === undefined ? {} : { rulesAtBase: atBase }),
      // The change is measured from the trusted base, as for a plain task claim.
      changeBase: atBase ?? (await readTrustedRules(io, plane, undefined)),
    };
    return subject.kind === 'campaign-phase'
      ? claimPhase({ ...flow, campaign: subject.campaign, phase: subject.phase }, ctx, io)
      : claimInCampaign({ ...flow, campaign: subject.campaign, task: subject.task }, ctx, io);
  }
  // --base in CI; locally the upstream branch's rules, the same rule (flows/claim/trusted-rules.ts).
  const rulesAtBase = withTrust(await readTrustedRules(io, plane, options.base), trust);
  const shards = options.shards === undefined ? {} : { shards: options.shards };
  return claimFlow(
    {
      root,
      scope: options.scope,
      ...named,
      record: options.record,
      actor,
      ...shards,
      ...(rulesAtBase === undefined ? { ownRules: true } : { rulesAtBase }),
    },
    ctx,
    io,
  );
}
