// Signs the grants a flow records with the grantor's own key (from the key directory, as entry
// signing does). The key is loaded before anything runs, so a keyed grantor whose key is not at
// hand is refused (exit 2) before a command executes; every signed grant is checked again before
// it is recorded, and one that would not verify is refused the same way.
import type { Context } from '../../core/context.ts';
import { UsageError } from '../../core/errors.ts';
import type { Grant } from '../../core/gate/authority/grant-authority.ts';
import {
  checkGrantSignature,
  signGrant,
  type GrantContext,
} from '../../core/ledger/grant-signature.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { World } from '../../core/world/world.ts';

export type GrantSigning = (
  grants: readonly Grant[] | undefined,
  context: GrantContext,
) => Grant[] | undefined;

export function prepareGrantSigning(
  plane: Plane,
  grants: readonly Grant[],
  env: Context['env'],
  { keys }: Pick<World, 'keys'>,
): GrantSigning {
  const grantors = [...new Set(grants.map((g) => g.by))];
  const signers = new Map(grantors.map((by) => [by, keys.loadSigner(plane, by, env)]));
  return (recorded, context) => {
    if (recorded === undefined) return undefined;
    return recorded.map((grant) => {
      const signer = signers.get(grant.by);
      const signed = signer === undefined ? grant : signGrant(grant, context, signer);
      const problem = checkGrantSignature(signed, context, plane.manifest.authorities);
      if (problem !== undefined) {
        throw new UsageError('BAD_VALUE', `--authorize ${grant.kind} is not granted`, {
          problems: [`${problem.code}: ${problem.message}`],
          expected: `a grant signed by a key registered to ${grant.by}`,
          next: `set PROOFGATE_KEY_DIR to the directory holding ${grant.by}'s private key`,
        });
      }
      return signed;
    });
  };
}
