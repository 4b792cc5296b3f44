// approve: the release authority approves control definitions by name and digest, so a project or
// release claim against a base can count a changed gate as intended. Appends one `note` entry of
// type definition_approval; the digest is the current definition's, or the removal's when the id
// is no longer in the registry but was at the base.
import type { World } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import { InternalError, UsageError } from '../../core/errors.ts';
import type { Actor } from '../../core/ledger/types.ts';
import type { Manifest } from '../../core/plane/types.ts';
import {
  APPROVAL_NOTE_TYPE,
  definitionDigest,
  diffDefinitions,
  mayApprove,
  removalDigest,
  type ApprovalBody,
  withReachChanges,
  type BaseControl,
  type ReachChange,
} from '../../core/gate/claim/definition-approval.ts';
import { hasRegisteredKey } from '../../core/gate/claim/owner-decisions.ts';
import { toJsonObject } from '../../core/ledger/to-json.ts';
import { readReachDigests } from '../claim/reach-changes.ts';

export interface ApproveFlowOptions {
  root: string;
  /** Control ids to approve; empty with a base: every definition changed since it. */
  controls: readonly string[];
  /**
   * With --base: the definitions at the base (removals are approved from these) and the base
   * manifest when there is one, which decides who may approve (as the claim judges it).
   */
  definitionsAtBase?: {
    base: string;
    controls: readonly BaseControl[];
    manifest?: Manifest;
    /** The controls whose reach moved since the base (flows/claim/reach-changes.ts). */
    reach?: readonly ReachChange[];
  };
  note?: string;
  actor: Actor;
}

export interface ApproveFlowResult {
  /** `reach`: the digest of what the control reaches now (package.json scripts, configs…). */
  approvals: { control: string; digest: string; removed: boolean; reach?: string }[];
  entry: string;
}

export async function approveFlow(
  options: ApproveFlowOptions,
  ctx: Context,
  io: World,
): Promise<ApproveFlowResult> {
  const plane = await io.loadPlane(options.root);
  const baseManifest = options.definitionsAtBase?.manifest;
  if (!mayApprove(options.actor.authority, baseManifest ?? plane.manifest)) {
    throw new UsageError(
      'BAD_VALUE',
      `${options.actor.authority} may not approve control definitions${baseManifest === undefined ? '' : ` under the rules at ${options.definitionsAtBase?.base ?? ''}`}`,
      {
        expected: 'an authority registered for stage release_authority that is not an agent',
        next: 'approve as the release owner, e.g. --authority-id virtual:release-owner',
      },
    );
  }
  // An approval is a decision in the approver's name: keyed at the base, signed with that key.
  if (baseManifest !== undefined && hasRegisteredKey(options.actor.authority, baseManifest)) {
    const keys = baseManifest.authorities.find((a) => a.id === options.actor.authority)?.keys;
    if (!(keys ?? []).some((k) => k.keyid === options.actor.keyid))
      throw new UsageError(
        'BAD_VALUE',
        `an approval in the name of ${options.actor.authority} needs its signature with a key registered to it at ${options.definitionsAtBase?.base ?? 'the base'}`,
        {
          where: '--authority-id',
          next: `${options.actor.authority} runs the approval with PROOFGATE_KEY_DIR holding that key`,
        },
      );
  }
  const atBase = options.definitionsAtBase;
  const changed =
    atBase === undefined
      ? []
      : withReachChanges(
          diffDefinitions(atBase.controls, plane.registry.controls),
          atBase.reach ?? [],
          plane.registry.controls,
        );
  const ids = options.controls.length > 0 ? options.controls : changed.map((c) => c.control);
  if (ids.length === 0) {
    throw new UsageError('MISSING_ARG', 'nothing to approve', {
      expected: '--control <id> (repeatable), or --base <ref> with definitions changed since it',
      next: 'proofgate claim --scope project --base origin/main --no-record lists the changes',
    });
  }
  // A definition is approved together with what it reaches now: a later change to a script or a
  // runner's config is a new change (definition-approval.ts reachApprovalDigest).
  const wanted = new Set(ids);
  const reach = await readReachDigests(
    plane,
    plane.registry.controls.filter((c) => wanted.has(c.id)),
    io,
  );
  const approvals = [...new Set(ids)].map((id) => {
    const control = plane.registry.controls.find((c) => c.id === id);
    const reached = reach.get(id);
    if (control !== undefined)
      return {
        control: id,
        digest: definitionDigest(control),
        removed: false,
        ...(reached === undefined ? {} : { reach: reached }),
      };
    if (changed.some((c) => c.control === id && c.change === 'removed'))
      return { control: id, digest: removalDigest(id), removed: true };
    throw new UsageError('UNKNOWN_ID', `unknown control ${id}`, {
      expected: `a control in the registry${atBase === undefined ? '' : `, or one removed since ${atBase.base}`}`,
      next: 'run "proofgate status" to list the controls',
    });
  });
  // A ledger that does not verify is never appended to: refused (exit 3) before anything is recorded.
  await io.readEntries(plane);
  const subjects = await io.computeSubjects(plane, plane.registry.controls.slice(0, 1));
  const first = [...subjects.values()][0];
  if (first === undefined) throw new InternalError('no subject binding for the approval');
  const body: ApprovalBody = {
    type: APPROVAL_NOTE_TYPE,
    approvals: approvals.map(({ control, digest, reach: reached }) => ({
      control,
      digest,
      ...(reached === undefined ? {} : { reach: reached }),
    })),
    ...(options.note === undefined ? {} : { note: options.note }),
  };
  const stored = await io.append(plane, {
    kind: 'note',
    time: ctx.clock.now().toISOString(),
    actor: options.actor,
    subject: { tree: first.tree, manifest: first.manifest, registry: first.registry },
    body: toJsonObject(body),
  });
  return { approvals, entry: stored.hash };
}
