// In development mode ai_brownfield an agent works inside a registered campaign: a plain task claim
// (one not made through `--campaign/--task` or a task file naming a campaign task) is refused, so
// "task done" cannot be declared on ground nobody scoped.
import type { ClaimScope, Manifest } from '../plane/types.ts';
import type { ClaimDecision } from '../gate/claim/decide-claim.ts';
import { requiredStages } from '../gate/claim/decide-claim.ts';
import { nextCommand } from '../next/next-table.ts';

export function refuseTaskOutsideCampaign(
  manifest: Manifest,
  scope: ClaimScope,
  /** Registered campaigns (ids), when the caller read the ledger; they are named as the way in. */
  campaigns?: readonly string[],
): ClaimDecision | undefined {
  if (scope !== 'task' || manifest.profile.development_mode !== 'ai_brownfield') return undefined;
  const known =
    campaigns === undefined
      ? ''
      : campaigns.length === 0
        ? ' (no campaign is registered yet: campaign start creates one)'
        : ` (registered: ${campaigns.join(', ')})`;
  const reason = `development mode ai_brownfield: a task claim is made inside a campaign task, and none is named${known}; start or resume one with ${nextCommand('campaignStart')}, which writes the task file (references/campaign.md)`;
  return {
    granted: false,
    verdict: `REFUSED [task] ${reason} (or claim with --campaign ID --task ID)`,
    scope,
    target: manifest.profile.target_maturity,
    stages: requiredStages(manifest, scope),
    blockers: [
      {
        control: 'campaign',
        stage: 'self',
        status: 'TODO',
        reason,
        next:
          campaigns !== undefined && campaigns.length === 1
            ? nextCommand('campaignStartIn', { campaign: campaigns[0] ?? '' })
            : 'proofgate campaign start --task <task id> [--campaign <id>] [--control <id>]...',
      },
    ],
  };
}
