// Pins the TypeScript types to the JSON Schemas (the source of truth): every key a type declares
// is a schema property and vice versa, and a fully populated typed value validates.
import { describe, expect, test } from 'vitest';
import manifestSchema from '../../../controls/schema/manifest.schema.json' with { type: 'json' };
import profileSchema from '../../../controls/schema/profile.schema.json' with { type: 'json' };
import registrySchema from '../../../controls/schema/registry.schema.json' with { type: 'json' };
import { CONTROL_KEY_ORDER } from '../../../scripts/lib/core/plane/plan-plane.ts';
import { checkSchema } from '../../../scripts/lib/core/plane/schemas.ts';
import { EXECUTION_TYPES } from '../../../scripts/lib/core/plane/types.ts';
import type {
  Authority,
  Control,
  Manifest,
  Profile,
  ProfileFile,
  RecordedDecisions,
  Registry,
} from '../../../scripts/lib/core/plane/types.ts';

/** Compile-time: `K` lists exactly the keys of `T`. */
type Exactly<T, K extends readonly (keyof T)[]> = [Exclude<keyof T, K[number]>] extends [never]
  ? K
  : never;
function keys<T>() {
  return <const K extends readonly (keyof T)[]>(list: Exactly<T, K>): readonly string[] =>
    list as readonly string[];
}

/** The keys of the profile section; the profile file adds its own around them. */
const PROFILE_KEYS = [
  'development_mode',
  'target_maturity',
  'product_type',
  'distribution_model',
  'criticality',
  'data_sensitivity',
  'ai_system',
  'scope_mode',
  'recorded',
] as const;

const sorted = (list: readonly string[]): string[] => [...list].sort();
const propsOf = (schema: unknown): string[] =>
  sorted(Object.keys((schema as { properties: object }).properties));

describe('TypeScript types match the schemas', () => {
  test.each([
    [
      'Manifest',
      keys<Manifest>()([
        'version',
        'ledger_id',
        'project',
        'profile',
        'scope',
        'authorities',
        'policies',
        'predecessor',
        'ci_tiers',
        'requirement_files',
        'instruction_sources',
      ]),
      manifestSchema,
    ],
    [
      'Authority',
      keys<Authority>()(['id', 'kind', 'stages', 'keys', 'identities', 'retired']),
      manifestSchema.$defs.authority,
    ],
    [
      'Manifest policies',
      keys<Manifest['policies']>()([
        'claims',
        'evidence',
        'env_pass',
        'flaky',
        'unmapped_instructions',
        'instruction_drift',
        'efficacy_required_for_release',
        'changed_mutants',
        'efficacy_accepts_imported',
        'transcript_unreadable',
        'tool',
      ]),
      manifestSchema.properties.policies,
    ],
    ['Control', keys<Control>()(CONTROL_KEY_ORDER), registrySchema.$defs.control],
    ['Registry', keys<Registry>()(['version', 'controls']), registrySchema],
    ['Profile', keys<Profile>()(PROFILE_KEYS), profileSchema.$defs.profile],
    [
      'ProfileFile',
      keys<ProfileFile>()([
        ...PROFILE_KEYS,
        'project_name',
        'owner',
        'scope',
        'unmapped_instructions',
      ]),
      profileSchema,
    ],
    [
      'RecordedDecisions',
      keys<RecordedDecisions>()([
        'market',
        'deployment_model',
        'support_model',
        'primary_user',
        'public_contract',
        'build_topology',
        'persistent_state',
        'external_contributions',
        'legal_profile',
        'evidence_retention',
      ]),
      profileSchema.$defs.recorded,
    ],
  ])('%s', (_name, typeKeys, schema) => {
    expect(sorted(typeKeys)).toEqual(propsOf(schema));
  });

  test('the execution types of the TS union are the schema discriminator values', () => {
    // Compile-time: the list holds every member of the union and nothing else.
    type Listed = (typeof EXECUTION_TYPES)[number];
    type Declared = Control['execution']['type'];
    const same: [Declared] extends [Listed] ? ([Listed] extends [Declared] ? true : never) : never =
      true;
    expect(same).toBe(true);
    const types: readonly string[] = EXECUTION_TYPES;
    expect(sorted(types)).toEqual(sorted(registrySchema.$defs.execution.properties.type.enum));
  });

  test('a fully populated typed manifest and registry validate', () => {
    const manifest: Manifest = {
      version: 1,
      ledger_id: 'pg-0123456789abcdef',
      project: { name: 'p' },
      profile: {
        development_mode: 'ai_greenfield',
        target_maturity: 'regulated_ready',
        product_type: ['service', 'cli'],
        distribution_model: 'saas',
        criticality: 'critical',
        data_sensitivity: 'regulated',
        ai_system: true,
        scope_mode: 'subproject',
        recorded: {
          market: ['eu'],
          support_model: 'managed',
          public_contract: ['service_api'],
          persistent_state: 'database',
          build_topology: 'single_form',
          external_contributions: 'closed',
          legal_profile: ['none_identified'],
          evidence_retention: 'permanent',
          deployment_model: ['k8s'],
          primary_user: ['ops'],
        },
      },
      scope: { include: ['svc/**'], exclude: ['svc/tmp/**'] },
      authorities: [
        {
          id: 'human:alice',
          kind: 'human',
          stages: ['self', 'cross', 'release_authority', 'third_party'],
          keys: [
            {
              keyid: 'a'.repeat(64),
              public_key: `${'A'.repeat(43)}=`,
              added: '2026-01-01T00:00:00.000Z',
            },
          ],
        },
      ],
      policies: {
        claims: {
          task: { required_stages: ['self'] },
          project: { required_stages: ['self', 'cross'] },
          release: { required_stages: ['third_party'] },
        },
        evidence: { output_cap_bytes: 65536, redact_env: ['TOKEN'] },
        env_pass: ['MY_*'],
        flaky: { passes_to_clear: 3 },
        unmapped_instructions: 'block',
        efficacy_required_for_release: true,
      },
      ci_tiers: { ci: 'release_required', lint: 'observe', gitlab: 'none' },
      requirement_files: ['docs/requirements.yaml'],
      instruction_sources: [{ path: 'AGENTS.md', sha256: 'b'.repeat(64), mapped_to: ['T'] }],
    };
    const executions: Control['execution'][] = [
      {
        type: 'command',
        argv: ['npm', 'test'],
        cwd: 'pkg',
        timeout_seconds: 60,
        env: ['CI'],
        env_values: { RUSTFLAGS: '-Dwarnings' },
        authorization_required: ['install_dependencies'],
        evaluation: 'ratchet',
      },
      { type: 'file', path: 'LICENSE', condition: 'exists' },
      { type: 'manual', attestation_max_age_days: 30 },
      { type: 'trace', pack: 'controls/traces/p.yaml', traces: ['t/*.jsonl'], adapter: 'openai' },
      { type: 'remote', authorization_required: ['remote_mutation'], argv: ['gh', 'run'] },
      { type: 'slot', hint: 'h' },
    ];
    const registry: Registry = {
      version: 1,
      controls: executions.map((execution, i) => ({
        id: `T${i}`,
        title: 't',
        owner: 'human:alice',
        requirements: ['REQ.A'],
        risks: ['RISK.B'],
        applies: i === 0 ? { value: false, rationale: 'r', owner: 'human:alice' } : { value: true },
        required_from_maturity: 'prototype',
        execution,
        inputs: ['src/**'],
        outputs: ['coverage/**'],
        evidence_required: ['e'],
        source: 'catalog:X',
      })),
    };
    expect(checkSchema('manifest', manifest, 'm')).toEqual([]);
    expect(checkSchema('registry', registry, 'r')).toEqual([]);
  });
});
