// The catalog and the planner: every profile yields a plane that passes its own schemas and
// rules, no catalog control carries a command, and each mandatory decision changes something.
import { describe, expect, test } from 'vitest';
import {
  SELECTING_DECISIONS,
  parseCatalogFile,
  selectControls,
} from '../../../scripts/lib/core/plane/catalog.ts';
import { MANDATORY_DECISIONS } from '../../../scripts/lib/core/plane/profile-decisions.ts';
import { planManifest, planRegistry } from '../../../scripts/lib/core/plane/plan-plane.ts';
import { MATURITY_LEVELS } from '../../../scripts/lib/core/plane/types.ts';
import type { ProfileFile } from '../../../scripts/lib/core/plane/types.ts';
import {
  assertManifest,
  assertPlaneReferences,
  assertRegistry,
} from '../../../scripts/lib/core/plane/validate.ts';
import { loadCatalog } from '../../../scripts/lib/io/plane/catalog.ts';

const catalog = loadCatalog();
const base: ProfileFile = {
  development_mode: 'human_greenfield',
  target_maturity: 'prototype',
  product_type: ['library'],
  distribution_model: 'private_commercial',
  criticality: 'low',
  data_sensitivity: 'public',
  ai_system: false,
  scope_mode: 'full_repo',
};
const scan = { instructions: [], governance: {} };
const idsFor = (profile: ProfileFile): string[] =>
  selectControls(catalog, { ...profile }, {}).map((c) => c.id);

describe('catalog', () => {
  test('no catalog control carries a command: commands only come from adopt', () => {
    expect(catalog.filter((c) => c.execution.type === 'command' || 'argv' in c.execution)).toEqual(
      [],
    );
  });

  test('ids are unique across files', () => {
    const ids = catalog.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test.each(MATURITY_LEVELS.flatMap((m) => [true, false].map((ai) => [m, ai] as const)))(
    'maturity %s, ai_system %s: the planned plane validates',
    (target_maturity, ai_system) => {
      const profile: ProfileFile = {
        ...base,
        target_maturity,
        ai_system,
        product_type: ['service'],
        criticality: 'critical',
        data_sensitivity: 'regulated',
        development_mode: 'ai_brownfield',
        distribution_model: 'open_core',
      };
      const input = {
        ledgerId: 'pg-0123456789abcdef',
        defaultProjectName: 'x',
        profile,
        catalog,
        scan: { ...scan, lockfile: 'package-lock.json', governance: { license: 'COPYING' } },
      };
      const manifest = planManifest(input);
      const registry = planRegistry(input);
      assertManifest(manifest, 'm');
      assertRegistry(registry, 'r');
      assertPlaneReferences(manifest, registry, { manifest: 'm', registry: 'r' });
      expect(registry.controls.find((c) => c.id === 'ENG.TESTS')?.execution.type).toBe('slot');
      if (target_maturity !== 'prototype') {
        expect(registry.controls.find((c) => c.id === 'ENG.LOCKFILE')?.execution).toEqual({
          type: 'file',
          path: 'package-lock.json',
          condition: 'exists',
        });
        expect(registry.controls.find((c) => c.id === 'ENG.LICENSE')?.execution).toEqual({
          type: 'file',
          path: 'COPYING',
          condition: 'exists',
        });
      }
      expect(manifest.policies.claims.release.required_stages.includes('third_party')).toBe(
        target_maturity === 'regulated_ready',
      );
    },
  );

  test('every mandatory decision changes the selected controls or the policy', () => {
    const top: ProfileFile = { ...base, target_maturity: 'regulated_ready' };
    const changes: Record<string, ProfileFile> = {
      development_mode: { ...top, development_mode: 'ai_greenfield' },
      target_maturity: { ...top, target_maturity: 'prototype' },
      product_type: { ...top, product_type: ['service'] },
      distribution_model: { ...top, distribution_model: 'open_source' },
      criticality: { ...top, criticality: 'high' },
      data_sensitivity: { ...top, data_sensitivity: 'confidential' },
      ai_system: { ...top, ai_system: true },
    };
    for (const [decision, changed] of Object.entries(changes))
      expect(idsFor(changed), decision).not.toEqual(idsFor(top));
    const subproject = planManifest({
      ledgerId: 'pg-0123456789abcdef',
      defaultProjectName: 'x',
      catalog,
      scan,
      profile: { ...top, scope_mode: 'subproject', scope: { include: ['a/**'] } },
    });
    expect(subproject.scope.include).toEqual(['a/**']);
    expect(MANDATORY_DECISIONS.map((d) => d.key).sort()).toEqual(
      [...Object.keys(changes), 'scope_mode'].sort(),
    );
    expect([...SELECTING_DECISIONS].sort()).toEqual(
      [
        ...Object.keys(changes).filter((k) => k !== 'target_maturity'),
        ...Object.keys(OPTIONAL),
      ].sort(),
    );
  });

  // The peer's profile-driven extras: each optional decision answered adds its control; the
  // answer that means "nothing of the kind" (none, single_form, closed) or no answer adds none.
  const OPTIONAL: Record<string, { yes: unknown; no: unknown; adds: string }> = {
    public_contract: { yes: ['library_api'], no: ['none'], adds: 'PRD.API_STABILITY' },
    build_topology: { yes: 'multi_form', no: 'single_form', adds: 'ENG.WORKSPACE_BOUNDARY' },
    persistent_state: { yes: 'database', no: 'none', adds: 'ENG.SCHEMA_EVOLUTION' },
    external_contributions: {
      yes: 'restricted',
      no: 'closed',
      adds: 'ENG.AI_CONTRIBUTION_POLICY',
    },
  };

  test.each(Object.entries(OPTIONAL))('recorded %s selects its control', (key, c) => {
    const top: ProfileFile = { ...base, target_maturity: 'production_ready' };
    const withAnswer = (value: unknown): ProfileFile => ({ ...top, recorded: { [key]: value } });
    expect(idsFor(withAnswer(c.yes))).toContain(c.adds);
    expect(idsFor(withAnswer(c.no))).not.toContain(c.adds);
    expect(idsFor(top)).not.toContain(c.adds);
  });

  test('open_core adds its contributing guide file check and its manual controls', () => {
    const top: ProfileFile = { ...base, target_maturity: 'production_ready' };
    const open = idsFor({ ...top, distribution_model: 'open_core' });
    for (const id of ['PRD.CONTRIBUTING', 'PRD.OPEN_CORE_BOUNDARY', 'PRD.CONTRIBUTOR_TERMS'])
      expect(open).toContain(id);
    expect(idsFor({ ...top, distribution_model: 'open_source' })).not.toContain('PRD.CONTRIBUTING');
  });

  test('a broken catalog file is reported with every located problem', () => {
    expect(() =>
      parseCatalogFile(
        {
          version: 1,
          group: 'g',
          controls: [{ id: 'X', when: [{ colour: ['red'] }], resolve: 'nope' }],
        },
        'c.yaml',
      ),
    ).toThrow(/the control catalog is invalid: \d+ problems/);
  });
});
