// Independence is checked against registered identities, never labels (see ARCHITECTURE.md): a
// different registered authority, a different execution context and, where keys exist, a
// different key. A key registered under two authority ids is one identity.
import { signingIdsOf } from '../../ledger/keyless.ts';
import type { Actor, AuditStage } from '../../ledger/types.ts';
import type { Manifest } from '../../plane/types.ts';

/** Authority ids the actor's key is registered under (empty when unsigned or unknown). */
function keyOwners(keyid: string | undefined, manifest: Manifest): string[] {
  if (keyid === undefined) return [];
  return manifest.authorities.filter((a) => signingIdsOf(a).includes(keyid)).map((a) => a.id);
}

/** Why two actors are not independent of each other; empty when they are. */
export function compareActors(a: Actor, b: Actor, manifest: Manifest): string[] {
  const problems: string[] = [];
  if (a.authority === b.authority) problems.push(`same authority ${a.authority}`);
  if (a.context === b.context) problems.push(`same execution context ${a.context}`);
  if (a.keyid !== undefined && a.keyid === b.keyid) {
    problems.push(`same signing key ${a.keyid.slice(0, 12)} (labels ${a.label} and ${b.label})`);
    return problems;
  }
  const aOwners = new Set([a.authority, ...keyOwners(a.keyid, manifest)]);
  const bOwners = new Set([b.authority, ...keyOwners(b.keyid, manifest)]);
  const shared =
    a.authority === b.authority ? [] : [...aOwners].filter((owner) => bOwners.has(owner));
  for (const owner of shared.sort()) {
    problems.push(
      `${a.authority} and ${b.authority} resolve to the same identity through a key registered to ${owner}`,
    );
  }
  return problems;
}

/**
 * Whether `actor` may act in `stage`: registered, allowed that stage, and signing with its own key.
 * `recording: false` (an audit that writes nothing, `audit --no-record`) drops only the demand for a
 * signature: there is no entry to sign, and nothing unsigned can count.
 */
export function checkAuthority(
  actor: Actor,
  manifest: Manifest,
  stage: AuditStage,
  recording = true,
): string[] {
  const authority = manifest.authorities.find((a) => a.id === actor.authority);
  if (authority === undefined) {
    const known = manifest.authorities.map((a) => a.id).join(', ');
    return [
      `authority ${actor.authority} is not registered in the manifest (registered: ${known || 'none'})`,
    ];
  }
  const problems: string[] = [];
  if (authority.retired !== undefined)
    problems.push(`authority ${actor.authority} was retired at ${authority.retired}`);
  if (!authority.stages.includes(stage)) {
    problems.push(
      `authority ${actor.authority} is not registered for stage ${stage} (allowed: ${authority.stages.join(', ')})`,
    );
  }
  // Registered keys and declared Sigstore identities (keyless) alike.
  const keys = signingIdsOf(authority);
  if (recording && keys.length > 0 && actor.keyid === undefined) {
    problems.push(
      (authority.keys ?? []).length > 0
        ? `authority ${actor.authority} has registered keys: the entry must be signed with one of them`
        : `authority ${actor.authority} declares Sigstore identities: the entry must be signed keyless by one of them (--sign sigstore)`,
    );
  }
  if (actor.keyid !== undefined && keys.length > 0 && !keys.includes(actor.keyid)) {
    problems.push(
      `key ${actor.keyid.slice(0, 12)} is not registered for authority ${actor.authority}`,
    );
  }
  return problems;
}

/** Problems with an audit by `auditor` of an entry written by `reviewed` (usage errors, exit 2). */
export function checkIndependence(
  reviewed: Actor,
  auditor: Actor,
  manifest: Manifest,
  stage: AuditStage,
  recording = true,
): string[] {
  return [
    ...checkAuthority(auditor, manifest, stage, recording),
    ...compareActors(reviewed, auditor, manifest),
  ];
}
