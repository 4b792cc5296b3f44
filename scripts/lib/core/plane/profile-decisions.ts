// Every init decision: its flag (named as the Python peer names it), allowed values and
// what it changes. Only decisions that change controls or policy are mandatory; the template and
// the flags are generated from this one table.
import profileSchema from '../../../../controls/schema/profile.schema.json' with { type: 'json' };
import { nextCommand } from '../next/next-table.ts';

export interface Decision {
  key: string;
  flag: string;
  mandatory: boolean;
  kind: 'enum' | 'list' | 'boolean' | 'text';
  values: readonly string[];
  changes: string;
}

const defs = profileSchema.$defs as Record<
  string,
  { enum?: string[]; items?: { enum?: string[] } }
>;
const recorded = profileSchema.$defs.recorded.properties as Record<
  string,
  { enum?: string[]; items?: { enum?: string[] } }
>;
const enumOf = (def: { enum?: string[]; items?: { enum?: string[] } } | undefined): string[] =>
  def?.enum ?? def?.items?.enum ?? [];

function mandatory(key: string, kind: Decision['kind'], changes: string): Decision {
  return {
    key,
    flag: `--${key.replace(/_/g, '-')}`,
    mandatory: true,
    kind,
    values: kind === 'boolean' ? ['true', 'false'] : enumOf(defs[key]),
    changes,
  };
}

export const MANDATORY_DECISIONS: readonly Decision[] = [
  mandatory(
    'development_mode',
    'enum',
    'ai_greenfield/ai_brownfield add ENG.AGENT_SCOPE (agent diffs reviewed by the quality authority)',
  ),
  mandatory(
    'target_maturity',
    'enum',
    'the readiness a project claim must prove: controls required from a higher level are left out; regulated_ready adds the third_party audit stage and an external:third-party authority',
  ),
  mandatory(
    'product_type',
    'list',
    'service, web_app, data_pipeline and ai_agent add operations controls (SLO, observability, recovery, upgrade/rollback)',
  ),
  mandatory(
    'distribution_model',
    'enum',
    'open_source/open_core add SEC.POLICY (security policy file); open_core adds PRD.CONTRIBUTING (contributing guide), PRD.OPEN_CORE_BOUNDARY and PRD.CONTRIBUTOR_TERMS; saas adds the operations controls',
  ),
  mandatory(
    'criticality',
    'enum',
    'high/critical add SEC.THREAT_MODEL, OPS.RECOVERY and OPS.UPGRADE_ROLLBACK',
  ),
  mandatory(
    'data_sensitivity',
    'enum',
    'confidential/restricted/regulated add SEC.DATA_PROTECTION',
  ),
  mandatory(
    'ai_system',
    'boolean',
    'true adds the AI-system overlay (trajectory rules, evaluation, human oversight)',
  ),
  mandatory(
    'scope_mode',
    'enum',
    'full_repo binds evidence to the whole repository; subproject needs scope.include globs',
  ),
];

const RECORDED_KINDS: Record<string, Decision['kind']> = {
  market: 'list',
  deployment_model: 'list',
  primary_user: 'list',
  legal_profile: 'list',
  public_contract: 'list',
};

/** Optional decisions that choose controls when answered (controls/catalog/profile.yaml). */
const RECORDED_CHANGES: Record<string, string> = {
  public_contract: 'anything but none adds PRD.API_STABILITY (a compatibility check to adopt)',
  build_topology: 'multi_form/cross_target add ENG.WORKSPACE_BOUNDARY (a boundary check to adopt)',
  persistent_state:
    'anything but none adds ENG.SCHEMA_EVOLUTION (a migration test over the previous release)',
  external_contributions:
    'accepted/restricted add ENG.AI_CONTRIBUTION_POLICY (attested AI contribution policy)',
};

const RECORDED_DECISIONS: readonly Decision[] = Object.keys(recorded).map((key) => ({
  key,
  flag: '',
  mandatory: false,
  kind: RECORDED_KINDS[key] ?? 'enum',
  values: enumOf(recorded[key]),
  changes: RECORDED_CHANGES[key] ?? 'recorded in the manifest only; changes no control',
}));

function valuesText(d: Decision): string {
  if (d.values.length === 0) return 'free text';
  return d.values.join(' | ');
}

/** The `init --template` skeleton: every decision with its values and effect; nothing pre-filled. */
export function renderProfileTemplate(): string {
  const lines = [
    "# proofgate init profile: the owner's decisions. proofgate never infers them from the repository.",
    `# Fill every REQUIRED decision, then run: ${nextCommand('initProfile', { file: 'profile.yaml' })}`,
    '# Flags with the same names override the file (e.g. --target-maturity production_ready).',
    '',
  ];
  for (const d of MANDATORY_DECISIONS) {
    lines.push(`# ${d.key} (REQUIRED${d.kind === 'list' ? ', a list' : ''}): ${valuesText(d)}`);
    lines.push(`#   flag: ${d.kind === 'boolean' ? '--ai-system / --no-ai-system' : d.flag}`);
    lines.push(`#   changes: ${d.changes}`);
    lines.push(`${d.key}:${d.kind === 'list' ? ' []' : ''}`, '');
  }
  lines.push(
    '# Optional.',
    '# project_name: shown in INDEX.md (default: the repository directory name)',
    '# project_name: my-project',
    "# owner: the owner's human authority, registered for attestations (stage self) and release",
    '#   sign-off (stage release_authority); flag: --owner',
    '# owner: human:alice',
    '# scope: globs of the subproject when scope_mode is subproject; results bind only these paths',
    '#   and the plane; releasable: true lets the subproject claim a release on its own',
    '# scope:',
    '#   include: [services/api/**]',
    '#   exclude: []',
    '#   releasable: false',
    '# unmapped_instructions: block | warn (default warn): whether an agent instruction file not',
    '#   mapped to a control blocks claims',
    '# unmapped_instructions: warn',
    '# recorded: optional decisions kept in the manifest; the four with an effect below add controls',
    '# recorded:',
  );
  for (const d of RECORDED_DECISIONS) {
    lines.push(`#   ${d.key}: ${d.kind === 'list' ? `[${valuesText(d)}]` : valuesText(d)}`);
    if (RECORDED_CHANGES[d.key] !== undefined) lines.push(`#     changes: ${d.changes}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Flag values override the file's; returns the merged value and which keys came from flags. */
export function mergeProfileOverrides(
  fileValue: unknown,
  overrides: Readonly<Record<string, unknown>>,
): { value: unknown; fromFlags: string[] } {
  const fromFlags = Object.keys(overrides).filter((k) => overrides[k] !== undefined);
  const isMap = typeof fileValue === 'object' && fileValue !== null && !Array.isArray(fileValue);
  if (!isMap && fromFlags.length === 0) return { value: fileValue, fromFlags };
  const base = isMap ? { ...(fileValue as Record<string, unknown>) } : {};
  for (const key of fromFlags) base[key] = overrides[key];
  return { value: base, fromFlags };
}

/** Rewrites `file:/key...` problems about flag-given keys to name the flag instead. */
export function locateFlagProblems(
  problems: readonly string[],
  file: string,
  fromFlags: readonly string[],
): string[] {
  return problems.map((problem) => {
    const key = fromFlags.find((k) => problem.startsWith(`${file}:/${k}`));
    return key === undefined
      ? problem
      : problem.replace(`${file}:/${key}`, `--${key.replace(/_/g, '-')}`);
  });
}
