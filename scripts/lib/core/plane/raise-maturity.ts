// Raising an existing plane's target maturity (`init` re-run with the same decisions and a higher
// `--target-maturity`): the target changes, and what init would plan differently at the new level
// is added (from production_ready, the cross stage in task claims; at regulated_ready, the
// third_party stage in the project and release claims and an external authority for it). Nothing is removed or rewritten; lowering is the owner's own edit.
// Pure: the caller edits the manifest file.
import type { AuditStage } from '../ledger/types.ts';
import {
  MATURITY_LEVELS,
  type Authority,
  type ClaimScope,
  type Manifest,
  type Maturity,
} from './types.ts';

/** The stages a task claim needs by default at `maturity`: the cross stage from production_ready. */
export function defaultTaskStages(maturity: Maturity): AuditStage[] {
  return isHigherMaturity(maturity, 'engineering_ready') ? ['self', 'cross'] : ['self'];
}

export interface MaturityRaise {
  from: Maturity;
  to: Maturity;
  /** Stages a claim scope's required stages gain. */
  addStages: { scope: ClaimScope; stage: AuditStage }[];
  /** An authority to add for a stage no authority may act in yet. */
  addAuthority: Authority | undefined;
}

export function isHigherMaturity(to: Maturity, from: Maturity): boolean {
  return MATURITY_LEVELS.indexOf(to) > MATURITY_LEVELS.indexOf(from);
}

export function planMaturityRaise(manifest: Manifest, to: Maturity): MaturityRaise {
  const from = manifest.profile.target_maturity;
  const claims = manifest.policies.claims;
  const missing = (scope: ClaimScope, stage: AuditStage) =>
    claims[scope].required_stages.includes(stage) ? [] : [{ scope, stage }];
  const addStages = defaultTaskStages(to).flatMap((stage) => missing('task', stage));
  if (to !== 'regulated_ready') return { from, to, addStages, addAuthority: undefined };
  addStages.push(
    ...(['project', 'release'] as const).flatMap((scope) => missing(scope, 'third_party')),
  );
  const covered = manifest.authorities.some((a) => a.stages.includes('third_party'));
  return {
    from,
    to,
    addStages,
    addAuthority: covered
      ? undefined
      : { id: 'external:third-party', kind: 'external', stages: ['third_party'] },
  };
}
