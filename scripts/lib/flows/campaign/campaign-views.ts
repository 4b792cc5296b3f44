// Registered campaigns as `campaign list|show|start` report them: each at its highest revision,
// active, or drifted when a control it names changed since registration.
import { digestJson } from '../../core/hash.ts';
import {
  findCampaignDrift,
  foldCampaigns,
  type CampaignRecord,
} from '../../core/brownfield/campaign-spec.ts';
import type { StoredEntry } from '../../core/ledger/types.ts';
import type { Plane } from '../../core/plane/plane.ts';

export interface CampaignView extends CampaignRecord {
  /** `drifted`: a control it names changed since registration; task claims need a new revision. */
  state: 'active' | 'drifted';
  /** Why it drifted (empty when active). */
  drift: string[];
}

export function viewCampaigns(plane: Plane, entries: readonly StoredEntry[]): CampaignView[] {
  const registry = digestJson(plane.registry);
  return [...foldCampaigns(entries).values()].map((c): CampaignView => {
    const drift = findCampaignDrift(c, plane.registry.controls, registry);
    return { ...c, state: drift.length === 0 ? 'active' : 'drifted', drift };
  });
}
