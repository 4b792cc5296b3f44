// Raising an existing plane's target maturity (`init` re-run with the same decisions and a higher
// `--target-maturity`): the target changes, and what init would plan differently at the new level
// is added (at regulated_ready, the third_party stage in the project and release claims and an
// external authority for it). Nothing is removed or rewritten; lowering is the owner's own edit.
// Pure: the caller edits the manifest file.
import type { AuditStage } from '../ledger/types.ts';
import { MATURITY_LEVELS, type Authority, type Manifest, type Maturity } from './types.ts';

export interface MaturityRaise {
  from: Maturity;
  to: Maturity;
  /** Claim scopes whose required stages gain `stage`. */
  addStage: { scopes: ('project' | 'release')[]; stage: AuditStage } | undefined;
  /** An authority to add for a stage no authority may act in yet. */
  addAuthority: Authority | undefined;
}

export function isHigherMaturity(to: Maturity, from: Maturity): boolean {
  return MATURITY_LEVELS.indexOf(to) > MATURITY_LEVELS.indexOf(from);
}

export function planMaturityRaise(manifest: Manifest, to: Maturity): MaturityRaise {
  const from = manifest.profile.target_maturity;
  const base = { from, to, addStage: undefined, addAuthority: undefined };
  if (to !== 'regulated_ready') return base;
  const claims = manifest.policies.claims;
  const scopes = (['project', 'release'] as const).filter(
    (scope) => !claims[scope].required_stages.includes('third_party'),
  );
  const covered = manifest.authorities.some((a) => a.stages.includes('third_party'));
  return {
    ...base,
    addStage: scopes.length === 0 ? undefined : { scopes: [...scopes], stage: 'third_party' },
    addAuthority: covered
      ? undefined
      : { id: 'external:third-party', kind: 'external', stages: ['third_party'] },
  };
}
