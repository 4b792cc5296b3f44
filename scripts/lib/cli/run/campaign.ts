// The real-world wiring of `proofgate campaign`: the repository root, the campaign file read from
// the caller's directory, the acting authority, the real gate world and, for the actions that
// write in an authority's name, its signing world (a missing key names who signs and how).
import { resolve } from 'node:path';
import type { Context } from '../../core/context.ts';
import { CliError, ConfigError } from '../../core/errors.ts';
import type { ExitPolicy } from '../../core/brownfield/campaign-spec.ts';
import type { SignMode } from '../../core/ledger/keyless.ts';
import type { Actor } from '../../core/ledger/types.ts';
import type { CommonOptions } from '../../core/options.ts';
import type { AuthorizationKind } from '../../core/plane/types.ts';
import {
  campaignFlow,
  type CampaignAction,
  type CampaignFlowResult,
} from '../../flows/campaign/campaign-flow.ts';
import { actAs } from '../../flows/audit/resolve-actor.ts';
import { openWorld } from '../world/open-world.ts';
import { defaultExecutionContext } from '../../io/host/default-context.ts';
import { readYamlFile } from '../../io/plane/plane.ts';

export interface CampaignOptions extends CommonOptions {
  action: CampaignAction;
  /** show: the campaign; start: the campaign (positional or --campaign). */
  id: string | undefined;
  file: string | undefined;
  /** baseline: one ratchet control; start: the task's controls. */
  controls: string[];
  task?: string | undefined;
  /** lint: the phase the next claim names. */
  phase?: string | undefined;
  description?: string | undefined;
  policy?: Partial<ExitPolicy>;
  actor: string | undefined;
  authorityId: string | undefined;
  executionContext: string | undefined;
  authorize: AuthorizationKind[];
  grantedBy?: string | undefined;
  allowGrowth: boolean;
  sign?: SignMode;
  sigstoreRoot?: string | undefined;
}

export async function runCampaign(
  options: CampaignOptions,
  ctx: Context,
): Promise<CampaignFlowResult> {
  const world = openWorld(ctx, { sign: options.sign, sigstoreRoot: options.sigstoreRoot });
  const root = await world.resolveRoot(options.root);
  const file = options.file === undefined ? undefined : resolve(ctx.cwd, options.file);
  const { authorityId } = options;
  const actor: Actor | undefined =
    authorityId === undefined
      ? undefined
      : {
          label: options.actor ?? authorityId,
          authority: authorityId,
          context: options.executionContext ?? defaultExecutionContext(),
        };
  // A keyed authority's entries are signed with its key from PROOFGATE_KEY_DIR (or keyless with
  // --sign sigstore); without the key nothing is written (exit 2, naming who signs and how).
  const openSigning = async (acting: Actor) => {
    try {
      return { io: world, actor: await actAs(world, root, acting, options.sign, ctx.env) };
    } catch (error) {
      throw keyMissing(error, acting.authority, options.action);
    }
  };
  return campaignFlow(
    {
      root,
      action: options.action,
      ...(file === undefined
        ? {}
        : { spec: readYamlFile(file, options.file ?? file), file: options.file ?? file }),
      controls: options.controls,
      ...(options.id === undefined ? {} : { id: options.id }),
      ...(options.task === undefined ? {} : { task: options.task }),
      ...(options.phase === undefined ? {} : { phase: options.phase }),
      ...(options.description === undefined ? {} : { description: options.description }),
      ...(options.policy === undefined ? {} : { policy: options.policy }),
      ...(actor === undefined ? {} : { actor }),
      authorize: options.authorize,
      ...(options.grantedBy === undefined ? {} : { grantor: { authority: options.grantedBy } }),
      allowGrowth: options.allowGrowth,
    },
    ctx,
    world,
    openSigning,
  );
}

function keyMissing(error: unknown, authority: string, action: CampaignAction): unknown {
  if (!(error instanceof CliError) || error.code !== 'KEY_INVALID') return error;
  return new ConfigError(
    'KEY_INVALID',
    `campaign ${action} in the name of ${authority} must be signed by it: ${error.message}`,
    {
      ...(error.where === undefined ? {} : { where: error.where }),
      ...(error.expected === undefined ? {} : { expected: error.expected }),
      next: `${authority} runs it with its key: PROOFGATE_KEY_DIR=<${authority}'s key directory> proofgate campaign ${action} ... --authority-id ${authority} (or --sign sigstore in the CI that holds its identity); nothing was written`,
    },
  );
}
