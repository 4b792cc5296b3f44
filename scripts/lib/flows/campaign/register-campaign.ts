// campaign register: an owner (an authority registered for release_authority) records a campaign
// as a ledger note, pinning the definition of every control it names (and the registry digest)
// and the baseline of every ratchet control it affects. A new revision must be higher than the
// registered one.
import type { World } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import { ConfigError, InternalError, UsageError } from '../../core/errors.ts';
import type { Actor } from '../../core/ledger/types.ts';
import {
  checkCampaignSpec,
  digestDefinitions,
  foldCampaigns,
  type CampaignRecord,
} from '../../core/brownfield/campaign-spec.ts';
import { latestBaselines } from '../../core/gate/entries/ratchet-details.ts';
import { assertActorMayAct, pickControls } from '../../core/gate/select/select-for-flow.ts';
import { toJsonObject } from '../../core/ledger/to-json.ts';

export interface RegisterCampaignOptions {
  root: string;
  /** The parsed campaign file. */
  spec: unknown;
  /** Where the spec came from, for error locations. */
  file: string;
  actor: Actor;
}

export async function registerCampaign(
  options: RegisterCampaignOptions,
  ctx: Context,
  io: World,
): Promise<CampaignRecord> {
  const plane = await io.loadPlane(options.root);
  assertActorMayAct(options.actor, plane.manifest, 'release_authority');
  const known = new Set(plane.registry.controls.map((c) => c.id));
  const { spec, problems } = checkCampaignSpec(options.spec, known);
  if (problems.length > 0) {
    throw new ConfigError(
      'SCHEMA_INVALID',
      `${options.file}: the campaign is invalid (${problems.length} problems)`,
      {
        where: options.file,
        problems: problems.map((p) => `${options.file}:${p}`),
        next: 'fix every problem listed, then register again; nothing was written',
      },
    );
  }
  const entries = await io.readEntries(plane);
  const previous = foldCampaigns(entries).get(spec.id);
  if (previous !== undefined && spec.revision <= previous.spec.revision) {
    throw new UsageError(
      'BAD_VALUE',
      `campaign ${spec.id} is registered at revision ${previous.spec.revision}`,
      {
        expected: `revision ${previous.spec.revision + 1} or higher`,
        next: 'raise "revision" in the campaign file; a registered revision is never replaced',
      },
    );
  }
  const controls = pickControls(plane.registry, spec.controls);
  const ratchets = controls.filter(
    (c) => c.execution.type === 'command' && c.execution.evaluation === 'ratchet',
  );
  const latest = latestBaselines(entries);
  const missing = ratchets.filter((c) => !latest.has(c.id)).map((c) => c.id);
  if (missing.length > 0) {
    throw new UsageError('MISSING_ARG', `no baseline is recorded for ${missing.join(', ')}`, {
      next: missing.map((id) => `proofgate campaign baseline --control ${id}`).join('; '),
    });
  }
  const baselines = Object.fromEntries(ratchets.map((c) => [c.id, latest.get(c.id)?.hash ?? '']));
  const definitions = digestDefinitions(plane.registry.controls, spec.controls);
  const subjects = await io.computeSubjects(plane, controls);
  const first = subjects.get(controls[0]?.id ?? '');
  if (first === undefined) throw new InternalError('no subject binding for the campaign');
  const stored = await io.append(plane, {
    kind: 'note',
    time: ctx.clock.now().toISOString(),
    actor: options.actor,
    subject: { tree: first.tree, manifest: first.manifest, registry: first.registry },
    body: toJsonObject({
      type: 'campaign',
      campaign: spec,
      registry: first.registry,
      definitions,
      baselines,
    }),
  });
  return {
    spec,
    registry: first.registry,
    definitions,
    baselines,
    hash: stored.hash,
    time: stored.entry.time,
    authority: options.actor.authority,
  };
}
