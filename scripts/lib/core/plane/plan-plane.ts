// Decides the plane `init` creates: the manifest and registry, from the owner's profile, the
// catalog and scan's facts. Pure; the caller supplies the random ledger id.
import { defaultTaskStages } from './raise-maturity.ts';
import type { ScanResult } from '../scan/types.ts';
import { selectControls } from './catalog.ts';
import type { CatalogControl } from './catalog.ts';
import type {
  Authority,
  ClaimPolicy,
  Control,
  Manifest,
  Profile,
  ProfileFile,
  Registry,
} from './types.ts';
import type { AuditStage } from '../ledger/types.ts';

export interface PlanInput {
  ledgerId: string;
  /** Used when the profile names no project_name: the repository directory name. */
  defaultProjectName: string;
  profile: ProfileFile;
  catalog: readonly CatalogControl[];
  scan: Pick<ScanResult, 'instructions' | 'governance' | 'lockfile'>;
}

/** Output cap of a control's canonical review copy (see ARCHITECTURE.md). */
const DEFAULT_OUTPUT_CAP_BYTES = 65536;

export function toProfile(file: ProfileFile): Profile {
  const {
    project_name: _n,
    owner: _o,
    scope: _s,
    unmapped_instructions: _u,
    recorded,
    ...decisions
  } = file;
  return { ...decisions, ...(recorded === undefined ? {} : { recorded }) };
}

/** `alice` and `human:alice` both name the owner's human authority. */
export function ownerAuthorityId(owner: string): string {
  return owner.startsWith('human:') ? owner : `human:${owner}`;
}

function planAuthorities(profile: Profile, owner: string | undefined): Authority[] {
  const authorities: Authority[] = [
    { id: 'virtual:developer', kind: 'virtual', stages: ['self'] },
    { id: 'virtual:quality', kind: 'virtual', stages: ['cross'] },
    { id: 'virtual:release-owner', kind: 'virtual', stages: ['release_authority'] },
  ];
  if (profile.target_maturity === 'regulated_ready')
    authorities.push({ id: 'external:third-party', kind: 'external', stages: ['third_party'] });
  if (owner !== undefined) {
    authorities.push({
      id: ownerAuthorityId(owner),
      kind: 'human',
      stages: ['self', 'release_authority'],
    });
  }
  return authorities;
}

function policy(stages: AuditStage[]): ClaimPolicy {
  return { required_stages: stages };
}

export function planManifest(input: PlanInput): Manifest {
  const profile = toProfile(input.profile);
  const release: AuditStage[] = ['self', 'cross', 'release_authority'];
  if (profile.target_maturity === 'regulated_ready') release.push('third_party');
  return {
    version: 1,
    ledger_id: input.ledgerId,
    project: { name: input.profile.project_name ?? input.defaultProjectName },
    profile,
    scope: {
      include: input.profile.scope?.include ?? (profile.scope_mode === 'full_repo' ? ['**'] : []),
      exclude: input.profile.scope?.exclude ?? [],
      ...(input.profile.scope?.releasable === undefined
        ? {}
        : { releasable: input.profile.scope.releasable }),
    },
    authorities: planAuthorities(profile, input.profile.owner),
    policies: {
      claims: {
        task: policy(defaultTaskStages(profile.target_maturity)),
        project: policy([...release]),
        release: policy([...release]),
      },
      evidence: { output_cap_bytes: DEFAULT_OUTPUT_CAP_BYTES, redact_env: [] },
      unmapped_instructions: input.profile.unmapped_instructions ?? 'warn',
    },
    instruction_sources: input.scan.instructions.map((f) => ({ path: f.path, sha256: f.sha256 })),
  };
}

/** Every key of a control, in the documented order (the schema tests pin it to the schema). */
export const CONTROL_KEY_ORDER = [
  'id',
  'title',
  'owner',
  'requirements',
  'risks',
  'applies',
  'required_from_maturity',
  'execution',
  'inputs',
  'outputs',
  'artifacts',
  'evidence_required',
  'exclusive',
  'inventory',
  'source',
  'recorded',
] as const satisfies readonly (keyof Control)[];

/** The control with its keys in the documented order, so registry.yaml reads the same everywhere. */
export function orderControl(control: Control): Control {
  const ordered: Record<string, unknown> = {};
  for (const key of CONTROL_KEY_ORDER) if (control[key] !== undefined) ordered[key] = control[key];
  return ordered as unknown as Control;
}

export function planRegistry(input: PlanInput): Registry {
  const found = {
    ...(input.scan.lockfile === undefined ? {} : { lockfile: input.scan.lockfile }),
    ...(input.scan.governance.license === undefined
      ? {}
      : { license: input.scan.governance.license }),
    ...(input.scan.governance.security === undefined
      ? {}
      : { security_policy: input.scan.governance.security }),
  };
  const controls = selectControls(input.catalog, toProfile(input.profile), found).map(orderControl);
  return { version: 1, controls };
}
