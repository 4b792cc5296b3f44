// campaign lint: gathers the plane and the ledger (reading only) and lints a candidate campaign
// file or the registered campaigns (core/brownfield/lint-campaign.ts). No lock, no entry, no file.
import type { World } from '../../core/world/world.ts';
import { digestJson } from '../../core/hash.ts';
import { foldCampaigns } from '../../core/brownfield/campaign-spec.ts';
import { lintCampaigns, type CampaignLintResult } from '../../core/brownfield/lint-campaign.ts';
import { latestBaselines } from '../../core/gate/entries/ratchet-details.ts';

export interface LintCampaignFlowOptions {
  root: string;
  spec?: unknown;
  file?: string;
  id?: string;
  phase?: string;
  task?: string;
}

export async function lintCampaignFlow(
  options: LintCampaignFlowOptions,
  io: World,
): Promise<CampaignLintResult> {
  const plane = await io.loadPlane(options.root);
  const entries = await io.readEntries(plane);
  return lintCampaigns({
    ...(options.spec === undefined
      ? {}
      : { candidate: { value: options.spec, file: options.file ?? 'campaign' } }),
    registered: foldCampaigns(entries),
    ...(options.id === undefined ? {} : { only: options.id }),
    controls: plane.registry.controls,
    registryDigest: digestJson(plane.registry),
    baselined: new Set(latestBaselines(entries).keys()),
    ...(options.phase === undefined ? {} : { phase: options.phase }),
    ...(options.task === undefined ? {} : { task: options.task }),
  });
}
