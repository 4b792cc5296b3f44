import { describe, expect, test } from 'vitest';
import { ConfigError } from '../../../scripts/lib/core/errors.ts';
import { checkPlaneReferences, isInsideRoot } from '../../../scripts/lib/core/plane/rules.ts';
import type { Control, Manifest, Registry } from '../../../scripts/lib/core/plane/types.ts';
import {
  assertRegistry,
  validateManifest,
  validateRegistry,
} from '../../../scripts/lib/core/plane/validate.ts';

const control = (over: Partial<Control> = {}): Control => ({
  id: 'ENG.TESTS',
  title: 'tests',
  owner: 'virtual:developer',
  requirements: [],
  risks: [],
  applies: { value: true },
  required_from_maturity: 'prototype',
  execution: { type: 'command', argv: ['npm', 'test'] },
  evidence_required: ['exit 0'],
  ...over,
});

function problemsOf(fn: () => unknown): readonly string[] {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).code).toBe('SCHEMA_INVALID');
    expect((error as ConfigError).exitCode).toBe(2);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('validateRegistry', () => {
  test('accepts a valid registry and returns it typed', () => {
    const registry = { version: 1, controls: [control()] };
    expect(validateRegistry(registry, 'r.yaml')).toBe(registry);
  });

  test('reports every schema problem at once, each located with its JSON path', () => {
    const problems = problemsOf(() =>
      validateRegistry(
        {
          version: 2,
          controls: [
            {
              ...control(),
              extra: 1,
              title: 5,
              required_from_maturity: 'someday',
              execution: { type: 'command', argv: [] },
            },
            { id: 'x' },
          ],
        },
        'c/registry.yaml',
      ),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'c/registry.yaml:/version: 2 is not allowed (expected 1)',
        'c/registry.yaml:/controls/0/extra: unknown field "extra" (expected only: id, title, owner, requirements, risks, applies, required_from_maturity, execution, inputs, outputs, artifacts, evidence_required, source, recorded, exclusive, inventory)',
        'c/registry.yaml:/controls/0/title: got number 5 (expected string)',
        'c/registry.yaml:/controls/0/required_from_maturity: "someday" is not allowed (expected one of: prototype, engineering_ready, production_ready, commercial_ready, regulated_ready)',
        'c/registry.yaml:/controls/0/execution/argv: has too few items (expected at least 1)',
        'c/registry.yaml:/controls/1/title: missing required field "title" (expected string)',
      ]),
    );
  });

  test('unknown execution type names the allowed types', () => {
    const problems = problemsOf(() =>
      validateRegistry(
        { version: 1, controls: [control({ execution: { type: 'shell' } as never })] },
        'r',
      ),
    );
    expect(problems.join('\n')).toContain(
      'r:/controls/0/execution/type: "shell" is not a known type (expected one of: command, file, manual, trace, remote, privileged, slot)',
    );
  });

  test('semantic rules: duplicate ids, NOT_APPLICABLE without owner/rationale, shell strings', () => {
    const registry: Registry = {
      version: 1,
      controls: [
        control(),
        control({ applies: { value: false } }),
        control({ id: 'B', execution: { type: 'command', argv: ['npm test'] } }),
        control({
          id: 'C',
          applies: { value: false, owner: 'virtual:quality', rationale: 'no UI' },
        }),
      ],
    };
    expect(problemsOf(() => assertRegistry(registry, 'r'))).toEqual([
      'r:/controls/1/id: duplicate control id "ENG.TESTS" (expected unique; first at /controls/0/id)',
      'r:/controls/1/applies/owner: NOT_APPLICABLE control "ENG.TESTS" needs an owner (expected who decided and why)',
      'r:/controls/1/applies/rationale: NOT_APPLICABLE control "ENG.TESTS" needs a rationale (expected who decided and why)',
      'r:/controls/2/execution/argv/0: "npm test" looks like a shell string (expected one program name; put each argument in its own argv element)',
    ]);
  });

  test('paths that leave the repository are rejected by the schema, located', () => {
    const registry = {
      version: 1,
      controls: [
        control({ execution: { type: 'command', argv: ['make'], cwd: 'a/../../x' } }),
        control({ id: 'C', inputs: ['/etc/**'], outputs: ['ok/**', 'C:/x'] }),
      ],
    };
    expect(problemsOf(() => assertRegistry(registry, 'r'))).toEqual([
      'r:/controls/0/execution/cwd: "a/../../x" has the wrong form (expected a relative path inside the repository (no leading /, no ..))',
      'r:/controls/1/inputs/0: "/etc/**" has the wrong form (expected a relative path inside the repository (no leading /, no ..))',
      'r:/controls/1/outputs/1: "C:/x" has the wrong form (expected a relative path inside the repository (no leading /, no ..))',
    ]);
  });

  test.each([
    ['src/**', true],
    ['./a/b', true],
    ['a/../b', true],
    ['a/../../b', false],
    ['..', false],
    ['/abs', false],
    ['C:\\x', false],
    ['a\\..\\..\\b', false],
  ])('isInsideRoot(%s) = %s', (path, inside) => {
    expect(isInsideRoot(path)).toBe(inside);
  });
});

const manifest = (over: Partial<Manifest> = {}): Manifest => ({
  version: 1,
  ledger_id: 'pg-0123456789abcdef',
  project: { name: 'p' },
  profile: {
    development_mode: 'human_greenfield',
    target_maturity: 'prototype',
    product_type: ['library'],
    distribution_model: 'open_source',
    criticality: 'low',
    data_sensitivity: 'public',
    ai_system: false,
    scope_mode: 'full_repo',
  },
  scope: { include: ['**'], exclude: [] },
  authorities: [
    { id: 'virtual:developer', kind: 'virtual', stages: ['self'] },
    { id: 'virtual:quality', kind: 'virtual', stages: ['cross'] },
  ],
  policies: {
    claims: {
      task: { required_stages: ['self', 'cross'] },
      project: { required_stages: ['self'] },
      release: { required_stages: ['self'] },
    },
    evidence: { output_cap_bytes: 65536, redact_env: [] },
    unmapped_instructions: 'warn',
  },
  ...over,
});

describe('validateManifest', () => {
  test('accepts a valid manifest', () => {
    expect(validateManifest(manifest(), 'm').ledger_id).toBe('pg-0123456789abcdef');
  });

  test('semantic rules: duplicate authority, kind/id mismatch, stage without authority, empty subproject scope', () => {
    const m = manifest({
      authorities: [
        { id: 'virtual:developer', kind: 'virtual', stages: ['self'] },
        { id: 'virtual:developer', kind: 'human', stages: ['self'] },
      ],
      profile: { ...manifest().profile, scope_mode: 'subproject' },
      scope: { include: [], exclude: [] },
    });
    expect(problemsOf(() => validateManifest(m, 'm'))).toEqual([
      'm:/authorities/1/id: duplicate authority id "virtual:developer" (expected unique)',
      'm:/authorities/1/kind: "human" does not match id "virtual:developer" (expected the id to start with "human:")',
      'm:/policies/claims/task/required_stages: stage "cross" has no authority (expected an authority whose stages include "cross")',
      "m:/scope/include: scope_mode is subproject but include is empty (expected the subproject's path globs)",
    ]);
  });

  test('a non-object is located at the root', () => {
    expect(problemsOf(() => validateManifest('text', 'm'))).toEqual([
      'm:/: got string "text" (expected object)',
    ]);
  });

  test('cross-file references: owners must be authorities, mappings must name controls', () => {
    const m = manifest({
      instruction_sources: [{ path: 'AGENTS.md', sha256: 'a'.repeat(64), mapped_to: ['NOPE'] }],
    });
    const r: Registry = {
      version: 1,
      controls: [
        control({
          owner: 'human:bob',
          applies: { value: false, owner: 'virtual:quality', rationale: 'x' },
        }),
      ],
    };
    expect(checkPlaneReferences(m, r, { manifest: 'm', registry: 'r' })).toEqual([
      'r:/controls/0/owner: owner "human:bob" is not an authority in m (expected one of: virtual:developer, virtual:quality)',
      'm:/instruction_sources/0/mapped_to/0: control "NOPE" is not in r (expected an existing control id)',
    ]);
  });
});
