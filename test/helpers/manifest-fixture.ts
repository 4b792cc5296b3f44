// A schema-valid manifest for tests that need a plane but not `init`. Extra authorities are
// appended after the three virtual roles init creates.

export interface ManifestFixtureOptions {
  ledgerId?: string;
  /** Extra authorities, e.g. `{ id: 'human:alice', kind: 'human', stages: ['cross'] }`. */
  authorities?: {
    id: string;
    kind: string;
    stages: string[];
    /** Sigstore identities (keyless signatures), e.g. a CI workflow. */
    identities?: { issuer: string; subject: string }[];
  }[];
  targetMaturity?: string;
  /**
   * `policies.changed_mutants.max`: 0 turns the changed-line mutants off, for tests of another
   * layer (inventory, teeth, reach) whose refusal must stand on its own; their own tests leave it on.
   */
  changedMutants?: number;
}

export function manifestYaml(options: ManifestFixtureOptions = {}): string {
  const extra = (options.authorities ?? [])
    .map(
      (a) =>
        `  - id: ${a.id}\n    kind: ${a.kind}\n    stages: [${a.stages.join(', ')}]\n` +
        (a.identities === undefined
          ? ''
          : `    identities:\n${a.identities.map((i) => `      - { issuer: '${i.issuer}', subject: '${i.subject}' }\n`).join('')}`),
    )
    .join('');
  return `version: 1
ledger_id: ${options.ledgerId ?? 'lg-test'}
project: { name: fixture }
profile:
  development_mode: human_greenfield
  target_maturity: ${options.targetMaturity ?? 'engineering_ready'}
  product_type: [library]
  distribution_model: open_source
  criticality: low
  data_sensitivity: public
  ai_system: false
  scope_mode: full_repo
scope: { include: ['**'], exclude: [] }
authorities:
  - id: virtual:developer
    kind: virtual
    stages: [self]
  - id: virtual:quality
    kind: virtual
    stages: [cross]
  - id: virtual:release-owner
    kind: virtual
    stages: [release_authority]
${extra}policies:
  claims:
    task: { required_stages: [self, cross] }
    project: { required_stages: [self, cross, release_authority] }
    release: { required_stages: [self, cross, release_authority] }
  evidence: { output_cap_bytes: 65536, redact_env: [] }
  unmapped_instructions: warn
${options.changedMutants === undefined ? '' : `  changed_mutants: { max: ${options.changedMutants} }\n`}`;
}
