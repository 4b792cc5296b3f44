// A grant by an authority with registered keys carries that authority's own signature, separate
// from the entry's: the entry is signed by whoever acted, so without it the actor could write any
// grantor's name beside its own run. The grantor signs a statement of what it granted, to whom,
// for which control and on which subject tree (a DSSE pre-authentication encoding, like entry
// signatures), so a signature cannot be lifted onto another run. Pure: node:crypto only computes.
import { verify } from 'node:crypto';
import { canonicalize } from '../shared/canonical.ts';
import { isCanonicalBase64 } from './parse-entry.ts';
import { keyidOf, preAuthEncoding, publicKeyFromRaw } from './sign-entry.ts';
import type { LedgerEntry, Signer } from './types.ts';
import type { Authority } from '../shared/authority.ts';
import type { Grant } from '../shared/authority.ts';

/** DSSE payloadType of a grant statement; an entry signature never verifies as one. */
const GRANT_PAYLOAD_TYPE = 'application/vnd.proofgate.grant.v1+json';

/** What a grant is about besides itself: who was granted it, for what, on which tree. */
export interface GrantContext {
  grantee: string;
  control: string;
  tree: string;
}

function statementBytes(grant: Grant, context: GrantContext): Buffer {
  const statement = {
    kind: grant.kind,
    by: grant.by,
    keyid: grant.keyid ?? '',
    grantee: context.grantee,
    control: context.control,
    tree: context.tree,
  };
  return preAuthEncoding(GRANT_PAYLOAD_TYPE, canonicalize(statement));
}

/** `grant` with the grantor's key id and its signature over the grant statement. */
export function signGrant(grant: Grant, context: GrantContext, signer: Signer): Grant {
  const keyed: Grant = { ...grant, keyid: signer.keyid };
  const sig = Buffer.from(signer.sign(statementBytes(keyed, context))).toString('base64');
  return { ...keyed, sig };
}

/**
 * Why `grant` is not properly signed, or undefined when it is (or its grantor has no keys, so an
 * unsigned grant is all there can be). A keyed grantor's grant must name one of its registered
 * keys and carry a signature by that key over this entry's grant statement.
 */
export function checkGrantSignature(
  grant: Grant,
  context: GrantContext,
  authorities: readonly Authority[],
): { code: 'GRANT_UNSIGNED' | 'GRANT_SIGNATURE_INVALID'; message: string } | undefined {
  const keys = authorities.find((a) => a.id === grant.by)?.keys ?? [];
  if (keys.length === 0) return undefined;
  const what = `the ${grant.kind} grant by ${grant.by}`;
  if (grant.sig === undefined || grant.keyid === undefined) {
    return {
      code: 'GRANT_UNSIGNED',
      message: `${what} carries no signature, but ${grant.by} has registered keys: only the grantor's own key can grant`,
    };
  }
  const key = keys.find((k) => k.keyid === grant.keyid);
  if (key === undefined || keyidOf(Buffer.from(key.public_key, 'base64')) !== key.keyid) {
    return {
      code: 'GRANT_SIGNATURE_INVALID',
      message: `${what} names key ${grant.keyid.slice(0, 12)}…, which is not registered to ${grant.by}`,
    };
  }
  const valid =
    isCanonicalBase64(grant.sig, 64) &&
    verify(
      null,
      statementBytes(grant, context),
      publicKeyFromRaw(key.public_key),
      Buffer.from(grant.sig, 'base64'),
    );
  return valid
    ? undefined
    : {
        code: 'GRANT_SIGNATURE_INVALID',
        message: `${what} has a signature that does not verify over this run (grantee ${context.grantee}, control ${context.control}, tree ${context.tree.slice(0, 12)}…)`,
      };
}

interface GrantHolder {
  control?: unknown;
  grants?: unknown;
  run?: { grants?: unknown };
}

function grantsIn(value: unknown): Grant[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (g): g is Grant =>
      typeof g === 'object' &&
      g !== null &&
      typeof (g as Grant).kind === 'string' &&
      typeof (g as Grant).by === 'string',
  );
}

/** Every grant in `entry` (a run's, or an audit's re-execution's) not properly signed. */
export function findGrantProblems(
  entry: LedgerEntry,
  authorities: readonly Authority[],
): { by: string; code: 'GRANT_UNSIGNED' | 'GRANT_SIGNATURE_INVALID'; message: string }[] {
  const body = entry.body as GrantHolder;
  const grants = [...grantsIn(body.grants), ...grantsIn(body.run?.grants)];
  if (grants.length === 0) return [];
  const context: GrantContext = {
    grantee: entry.actor.authority,
    control: typeof body.control === 'string' ? body.control : '',
    tree: entry.subject.tree,
  };
  return grants.flatMap((grant) => {
    const problem = checkGrantSignature(grant, context, authorities);
    return problem === undefined ? [] : [{ by: grant.by, ...problem }];
  });
}
