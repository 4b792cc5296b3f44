// Whether a registered campaign may relax a task claim. A campaign accepts debt under its exit
// policy, so it counts only when registered by an authority the deciding rules register for
// release_authority and, from engineering_ready up or when that authority has keys, signed by a
// key or identity those rules register to it: an agent acting under the owner's label does not
// make a campaign. Every manifest given must agree (the deciding rules and the trusted base's).
// Keys apply forward: an unsigned registration written before its authority's key entry keeps
// counting where an unsigned one counts (below engineering_ready), labelled unsigned; it never
// counts as signed.
import { signingIdsOf } from '../ledger/keyless.ts';
import type { Manifest, Maturity } from '../plane/types.ts';
import { needsSignedStages } from '../gate/authority/stage-strength.ts';
import type { CampaignRecord } from './campaign-spec.ts';

/** Why the campaign's registration does not count; undefined when it does. */
export function judgeCampaignRegistration(
  campaign: Pick<CampaignRecord, 'authority' | 'keyid' | 'spec'>,
  manifests: readonly Manifest[],
  target: Maturity,
  /** The registration is unsigned and a key entry of its authority was written after it. */
  beforeKey = false,
): string | undefined {
  const label = `campaign ${campaign.spec.id} r${campaign.spec.revision}`;
  for (const manifest of manifests) {
    const owner = manifest.authorities.find((a) => a.id === campaign.authority);
    if (owner === undefined || !owner.stages.includes('release_authority'))
      return `${label} was registered by ${campaign.authority}, which the deciding rules do not register for release_authority`;
    const ids = signingIdsOf(owner);
    const unsignedCounts = ids.length === 0 || (beforeKey && campaign.keyid === undefined);
    if (!needsSignedStages(target) && unsignedCounts) continue;
    if (campaign.keyid === undefined || !ids.includes(campaign.keyid)) {
      const why = ids.length > 0 ? `${campaign.authority} has registered keys` : `at ${target}`;
      return `${label} is not signed by a key registered to ${campaign.authority} (${why}, a campaign counts only when its owner signed it)`;
    }
  }
  return undefined;
}
