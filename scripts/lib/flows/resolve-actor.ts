// The acting authority and a grantor as the verbs that append name them, each with the key id
// its registered key signs with (resolved the same way the gate's append signs).
import type { Grantor } from '../core/gate/authority/grant-authority.ts';
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import type { Actor } from '../core/ledger/types.ts';
import type { GateIO } from '../core/ports.ts';
import { loadSigner } from '../io/keys.ts';

/** The actor with `keyid` set when its authority signs (resolved the same way append signs). */
export async function resolveActor(
  io: GateIO,
  root: string,
  actor: Actor,
  env: Context['env'],
): Promise<Actor> {
  const plane = await io.loadPlane(root);
  if (!plane.manifest.authorities.some((a) => a.id === actor.authority)) {
    throw new UsageError('UNKNOWN_ID', `authority ${actor.authority} is not in the manifest`, {
      expected: plane.manifest.authorities.map((a) => a.id).join(', '),
      next: 'pass --authority-id with an authority registered in controls/manifest.yaml',
    });
  }
  const signer = loadSigner(plane, actor.authority, env);
  const { keyid: _keyid, ...rest } = actor;
  return signer === undefined ? rest : { ...rest, keyid: signer.keyid };
}

/** The authority granting `--authorize`, with its key when one is available to sign. */
export async function resolveGrantor(
  io: GateIO,
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
  const signer = loadSigner(plane, authority, env);
  return signer === undefined ? { authority } : { authority, keyid: signer.keyid };
}
