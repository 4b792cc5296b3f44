// The acting authority and a grantor as the verbs that append name them, each with the key id
// its registered key signs with (resolved the same way the gate's append signs), or with
// `--sign sigstore` the keyless identity the world signs the actor's entries with.
import type { Grantor } from '../../core/gate/authority/grant-authority.ts';
import type { Context } from '../../core/context.ts';
import { InternalError, UsageError } from '../../core/errors.ts';
import type { SignMode } from '../../core/ledger/keyless.ts';
import type { Actor } from '../../core/ledger/types.ts';
import type { World } from '../../core/world/world.ts';

/** The actor with `keyid` set when its authority signs (resolved the same way append signs). */
export async function resolveActor(
  io: World,
  root: string,
  actor: Actor,
  env: Context['env'],
): Promise<Actor> {
  const plane = await io.loadPlane(root);
  const rest = await unsignedActor(io, root, actor);
  const signer = io.keys.loadSigner(plane, actor.authority, env);
  return signer === undefined ? rest : { ...rest, keyid: signer.keyid };
}

/**
 * The actor of a verb that appends nothing (`audit --no-record`): registered in the manifest (else
 * exit 2), never signing, so no key or OIDC token is needed and nothing it decides can count.
 */
export async function unsignedActor(io: World, root: string, actor: Actor): Promise<Actor> {
  const plane = await io.loadPlane(root);
  if (!plane.manifest.authorities.some((a) => a.id === actor.authority)) {
    throw new UsageError('UNKNOWN_ID', `authority ${actor.authority} is not in the manifest`, {
      expected: plane.manifest.authorities.map((a) => a.id).join(', '),
      next: 'pass --authority-id with an authority registered in controls/manifest.yaml',
    });
  }
  const { keyid: _keyid, ...rest } = actor;
  return rest;
}

/** The authority granting `--authorize`, with its key when one is available to sign. */
export async function resolveGrantor(
  io: World,
  root: string,
  authority: string,
  env: Context['env'],
): Promise<Grantor> {
  const plane = await io.loadPlane(root);
  if (!plane.manifest.authorities.some((a) => a.id === authority)) {
    throw new UsageError('UNKNOWN_ID', `grantor ${authority} is not in the manifest`, {
      expected: plane.manifest.authorities.map((a) => a.id).join(', '),
      next: 'pass --granted-by with an authority registered in controls/manifest.yaml',
    });
  }
  const signer = io.keys.loadSigner(plane, authority, env);
  return signer === undefined ? { authority } : { authority, keyid: signer.keyid };
}

/** Who acts, and who grants `--authorize` when `--granted-by` names someone. */
export interface Acting {
  actor: Actor;
  /** Present with `--granted-by`: spread it into the flow's options as is. */
  grant: { grantor?: Grantor };
}

/**
 * The acting authority of a verb that appends, and its grantor: both checked against the
 * manifest (an unknown one is a usage error, exit 2). With `--sign sigstore` the keyless signer is
 * set up first (OIDC token, declared identity) and the actor's keyid is the identity id; otherwise
 * the authority's key signs as usual.
 */
export async function resolveActing(
  world: World,
  root: string,
  named: { actor: Actor; grantedBy?: string | undefined; sign?: SignMode | undefined },
  env: Context['env'],
): Promise<Acting> {
  const actor = await actAs(world, root, named.actor, named.sign, env);
  const grant =
    named.grantedBy === undefined
      ? {}
      : { grantor: await resolveGrantor(world, root, named.grantedBy, env) };
  return { actor, grant };
}

/** The actor as it signs: keyless with `--sign sigstore`, else with its registered key, if any. */
export async function actAs(
  world: World,
  root: string,
  actor: Actor,
  sign: SignMode | undefined,
  env: Context['env'],
): Promise<Actor> {
  if (sign !== 'sigstore') return resolveActor(world, root, actor, env);
  const plane = await world.loadPlane(root);
  const authority = plane.manifest.authorities.find((a) => a.id === actor.authority);
  if (authority === undefined) {
    await resolveActor(world, root, actor, env);
    throw new InternalError(`authority ${actor.authority} vanished from the manifest`);
  }
  const { keyid } = await world.signKeyless(authority);
  const { keyid: _keyid, ...rest } = actor;
  return { ...rest, keyid };
}
