// In development mode ai_brownfield an agent works inside a registered campaign: a plain task claim
// (one not made through `--campaign/--task`) is refused, so "task done" cannot be declared on
// ground nobody scoped.
import type { ClaimScope, Manifest } from '../plane/types.ts';
import type { ClaimDecision } from '../gate/decide-claim.ts';
import { requiredStages } from '../gate/decide-claim.ts';

export function refuseTaskOutsideCampaign(
  manifest: Manifest,
  scope: ClaimScope,
): ClaimDecision | undefined {
  if (scope !== 'task' || manifest.profile.development_mode !== 'ai_brownfield') return undefined;
  const reason =
    'development mode ai_brownfield: a task claim needs an active campaign (register one with proofgate campaign register --file <campaign.yaml>, see references/campaign.md)';
  return {
    granted: false,
    verdict: `REFUSED [task] ${reason} (claim with --campaign ID --task ID)`,
    scope,
    target: manifest.profile.target_maturity,
    stages: requiredStages(manifest, scope),
    blockers: [
      {
        control: 'campaign',
        stage: 'self',
        status: 'TODO',
        reason,
        next: 'proofgate campaign list',
      },
    ],
  };
}
