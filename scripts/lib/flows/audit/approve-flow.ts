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
  mayApprove,
  type ApprovalBody,
} from '../../core/gate/claim/definition-approval.ts';
import {
  definitionDigest,
  diffDefinitions,
  removalDigest,
  withReachChanges,
  type BaseControl,
  type ReachChange,
} from '../../core/gate/claim/definition-diff.ts';
import { hasRegisteredKey } from '../../core/gate/claim/owner-decisions.ts';
import { TEST_FILE_PREFIX, testFileDigest } from '../../core/gate/claim/test-teeth.ts';
import { toJsonObject } from '../../core/ledger/to-json.ts';
import { POLICIES_ID, policiesDigest } from '../../core/trust/pinned-rules.ts';
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
  /** Approve the manifest's current profile, scope and policies too (a trust file pins them). */
  policies?: boolean;
}

type Approval = { control: string; digest: string; removed: boolean; reach?: string };

export interface ApproveFlowResult {
  /** `reach`: the digest of what the control reaches now (package.json scripts, configs…). */
  approvals: Approval[];
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
  if (ids.length === 0 && options.policies !== true) {
    throw new UsageError('MISSING_ARG', 'nothing to approve', {
      expected:
        '--control <id> (repeatable), --policies, or --base <ref> with definitions changed since it',
      next: 'proofgate claim --scope project --base origin/main --no-record lists the changes',
    });
  }
  // A definition is approved together with what it reaches now: a later change to a script or a
  // runner's config is a new change (definition-diff.ts reachApprovalDigest).
  const wanted = new Set(ids);
  const reach = await readReachDigests(
    plane,
    plane.registry.controls.filter((c) => wanted.has(c.id)),
    io,
  );
  const approvals: Approval[] = [];
  for (const id of new Set(ids)) {
    // A weakened test file (claim's `test:<path>` blocker): approved as its bytes are now.
    if (id.startsWith(TEST_FILE_PREFIX)) {
      approvals.push(await testFileApproval(plane.root, id, io));
      continue;
    }
    const control = plane.registry.controls.find((c) => c.id === id);
    const reached = reach.get(id);
    if (control !== undefined)
      approvals.push({
        control: id,
        digest: definitionDigest(control),
        removed: false,
        ...(reached === undefined ? {} : { reach: reached }),
      });
    else if (changed.some((c) => c.control === id && c.change === 'removed'))
      approvals.push({ control: id, digest: removalDigest(id), removed: true });
    else
      throw new UsageError('UNKNOWN_ID', `unknown control ${id}`, {
        expected: `a control in the registry${atBase === undefined ? '' : `, or one removed since ${atBase.base}`}, or test:<path> of a weakened test file`,
        next: 'run "proofgate status" to list the controls',
      });
  }
  if (options.policies === true)
    approvals.push({
      control: POLICIES_ID,
      digest: policiesDigest(plane.manifest),
      removed: false,
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

async function testFileApproval(
  root: string,
  id: string,
  io: Pick<World, 'statPath' | 'readFile'>,
): Promise<Approval> {
  const path = id.slice(TEST_FILE_PREFIX.length);
  const state = path === '' ? 'absent' : await io.statPath(root, path);
  if (state === 'outside' || state === 'directory' || path === '')
    throw new UsageError('BAD_VALUE', `${id} does not name a test file inside the root`, {
      expected: 'test:<path of a test file, relative to the root>, as a claim blocker names it',
      next: 'run "proofgate claim --no-record" to list the weakened test files',
    });
  const bytes = state === 'file' ? await io.readFile(root, path) : undefined;
  return { control: id, digest: testFileDigest(path, bytes), removed: bytes === undefined };
}
