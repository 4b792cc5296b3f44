// `adopt --not-applicable` in the name of an owner who has a registered key: the decision is
// recorded only with the owner's signature (a `note` of type not_applicable_decision, signed with
// the key), and is refused before anything is written when the key is not at hand (exit 2).
// Keyed means keyed in the working manifest or under the trusted rules (the upstream's), so
// removing the owner's key in the working tree does not make an unsigned decision count.
import type { World } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import { UsageError } from '../../core/errors.ts';
import { toJsonObject } from '../../core/ledger/to-json.ts';
import {
  hasRegisteredKey,
  NOT_APPLICABLE_NOTE_TYPE,
  notApplicableDigest,
  type NotApplicableBody,
} from '../../core/gate/claim/owner-decisions.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { readTrustedRules } from '../claim/trusted-rules.ts';

/** The owner's key id when the decision must be signed (checked before anything is written). */
export async function requireOwnerKey(
  plane: Plane,
  owner: string,
  retry: string,
  ctx: Context,
  world: Pick<World, 'git' | 'planeFiles' | 'keys'>,
): Promise<string | undefined> {
  const trusted = (await readTrustedRules(world, plane, undefined))?.plane?.manifest;
  const keyed =
    hasRegisteredKey(owner, plane.manifest) ||
    (trusted !== undefined && hasRegisteredKey(owner, trusted));
  if (!keyed) return undefined;
  const refuse = (why: string): UsageError =>
    new UsageError(
      'BAD_VALUE',
      `a decision in the name of ${owner} needs ${owner}'s signature: ${why}`,
      {
        where: '--authority-id',
        expected: `the private key of a key registered to ${owner}${trusted === undefined ? '' : ' on the upstream branch'}`,
        next: `${owner} runs: PROOFGATE_KEY_DIR=<${owner}'s key directory> ${retry} --authority-id ${owner}`,
      },
    );
  let keyid: string | undefined;
  try {
    keyid = world.keys.loadSigner(plane, owner, ctx.env)?.keyid;
  } catch {
    throw refuse(`none of its private keys is in the key directory`);
  }
  if (keyid === undefined) throw refuse('the working manifest registers no key for it');
  const registered = (m: typeof plane.manifest): boolean =>
    (m.authorities.find((a) => a.id === owner)?.keys ?? []).some((k) => k.keyid === keyid);
  if (trusted !== undefined && hasRegisteredKey(owner, trusted) && !registered(trusted))
    throw refuse(`key ${keyid.slice(0, 12)} is not registered to it on the upstream branch`);
  return keyid;
}

/**
 * Appends the decision for `controlId` as the registry now holds it, through `io` (a gate that has
 * not loaded the plane yet, so it reads the registry just written); its entry hash. Signed with
 * `keyid` when the owner has a key; unsigned otherwise (it then counts only until, and as written
 * before, the owner's key entry: core/gate/claim/owner-decisions.ts).
 */
export async function recordDecision(
  root: string,
  controlId: string,
  owner: string,
  keyid: string | undefined,
  ctx: Context,
  io: World,
): Promise<string> {
  const plane = await io.loadPlane(root);
  const control = plane.registry.controls.find((c) => c.id === controlId);
  if (control === undefined)
    throw new UsageError('UNKNOWN_ID', `control ${controlId} is no longer in the registry`);
  const body: NotApplicableBody = {
    type: NOT_APPLICABLE_NOTE_TYPE,
    control: controlId,
    digest: notApplicableDigest(control),
    rationale: control.applies.rationale ?? '',
  };
  const subject = await io.subject.computeSubject(plane);
  const user = (ctx.env['USER'] ?? '').replace(/[^A-Za-z0-9._-]/g, '') || 'owner';
  const stored = await io.append(plane, {
    kind: 'note',
    time: ctx.clock.now().toISOString(),
    actor: {
      label: user,
      authority: owner,
      context: io.host.defaultExecutionContext(),
      ...(keyid === undefined ? {} : { keyid }),
    },
    subject,
    body: toJsonObject(body),
  });
  return stored.hash;
}
