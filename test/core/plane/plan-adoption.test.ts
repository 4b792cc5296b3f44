import { describe, expect, test } from 'vitest';
import { applyAdoption } from '../../../scripts/lib/core/plane/edit-registry.ts';
import { defaultControlId, planAdoption } from '../../../scripts/lib/core/plane/plan-adoption.ts';
import type { Registry } from '../../../scripts/lib/core/plane/types.ts';
import type { Candidate } from '../../../scripts/lib/core/scan/types.ts';

const registry: Registry = {
  version: 1,
  controls: [
    {
      id: 'ENG.TESTS',
      title: 't',
      owner: 'virtual:developer',
      requirements: [],
      risks: [],
      applies: { value: true },
      required_from_maturity: 'prototype',
      execution: { type: 'slot', hint: 'h' },
      evidence_required: ['e'],
    },
    {
      id: 'ENG.LICENSE',
      title: 'l',
      owner: 'virtual:developer',
      requirements: [],
      risks: [],
      applies: { value: true },
      required_from_maturity: 'prototype',
      execution: { type: 'file', path: 'LICENSE', condition: 'exists' },
      evidence_required: ['e'],
    },
  ],
};
const candidates: Candidate[] = [
  { id: 'npm:test', argv: ['npm', 'run', 'test'], where: 'package.json:3', authorization: [] },
  {
    id: 'npm:packages/a:setup',
    argv: ['npm', 'run', 'setup'],
    cwd: 'packages/a',
    where: 'packages/a/package.json:3',
    authorization: ['install_dependencies'],
  },
];
const notAdoptable = [
  { id: 'ci:ci:t:1', where: 'ci.yml:4', text: 'a | b', reason: 'needs a shell: a pipe (|)' },
];
const plan = (candidate: string, extra: { as?: string; fills?: string } = {}) =>
  planAdoption(registry, candidates, notAdoptable, { candidate, ...extra });

describe('planAdoption', () => {
  test('fills a slot with the exact argv', () => {
    expect(plan('npm:test', { fills: 'ENG.TESTS' })).toEqual({
      kind: 'fill',
      index: 0,
      controlId: 'ENG.TESTS',
      execution: { type: 'command', argv: ['npm', 'run', 'test'] },
      source: 'adopted:npm:test',
    });
  });

  test('adds a control with cwd and authorization_required for installs', () => {
    const result = plan('npm:packages/a:setup');
    expect(result.kind === 'add' && result.control).toMatchObject({
      id: 'CMD.npm.packages.a.setup',
      execution: {
        type: 'command',
        argv: ['npm', 'run', 'setup'],
        cwd: 'packages/a',
        authorization_required: ['install_dependencies'],
      },
      source: 'adopted:npm:packages/a:setup',
    });
  });

  test.each([
    [['npm:nope', {}], /no candidate "npm:nope" was found/],
    [['ci:ci:t:1', {}], /cannot be adopted as written: needs a shell: a pipe/],
    [['npm:test', { fills: 'ENG.LICENSE' }], /ENG.LICENSE is not an open slot/],
    [['npm:test', { fills: 'NOPE' }], /no control "NOPE" in the registry/],
    [['npm:test', { as: 'ENG.TESTS' }], /control ENG.TESTS already exists/],
    [['npm:test', { as: 'X', fills: 'ENG.TESTS' }], /--as and --fills cannot be used together/],
  ] as const)('refuses %j', ([candidate, extra], message) => {
    expect(() => plan(candidate, extra)).toThrow(message);
  });

  test('adopting the same candidate twice changes nothing', () => {
    const adopted: Registry = {
      version: 1,
      controls: [{ ...registry.controls[0]!, source: 'adopted:npm:test' }],
    };
    expect(planAdoption(adopted, candidates, [], { candidate: 'npm:test' })).toEqual({
      kind: 'unchanged',
      controlId: 'ENG.TESTS',
    });
  });

  test('default ids are valid control ids', () => {
    expect(defaultControlId('ci:ci:build:unit-tests')).toBe('CMD.ci.ci.build.unit-tests');
    expect(defaultControlId('npm:test:unit')).toBe('CMD.npm.test.unit');
  });
});

describe("applyAdoption keeps the owner's comments", () => {
  test('fill and add', () => {
    const text =
      '# top comment\nversion: 1\ncontrols:\n  # the tests slot\n  - id: ENG.TESTS\n    execution:\n      type: slot # fill me\n      hint: h\n';
    const filled = applyAdoption(text, {
      kind: 'fill',
      index: 0,
      controlId: 'ENG.TESTS',
      execution: { type: 'command', argv: ['make', 'test'] },
      source: 'adopted:make:test',
    });
    expect(filled).toContain('# top comment');
    expect(filled).toContain('# the tests slot');
    expect(filled).toContain('argv:\n        - make\n        - test');
    expect(filled).toContain('source: adopted:make:test');
    const added = applyAdoption(filled, {
      kind: 'add',
      control: { ...registry.controls[1]!, id: 'NEW' },
    });
    expect(added).toContain('# top comment');
    expect(added).toMatch(/- id: NEW\n {4}title: l/);
  });
});

describe('planAdoption: inputs', () => {
  const proposed: Candidate = {
    id: 'python:pytest',
    argv: ['pytest'],
    where: 'pyproject.toml:1',
    authorization: [],
    inputs: { role: 'test', kinds: ['python'], globs: ['src', 'tests', '**/*.py'] },
  };
  const adopt = (request: { fills?: string; inputs?: string[]; wholeTree?: boolean }) =>
    planAdoption(registry, [proposed], [], { candidate: 'python:pytest', ...request });

  test("an added control carries scan's proposal; a filled slot too, written into the registry", () => {
    const added = adopt({});
    expect(added.kind === 'add' && added.control.inputs).toEqual(['src', 'tests', '**/*.py']);
    const filled = adopt({ fills: 'ENG.TESTS' });
    expect(filled.kind === 'fill' && filled.inputs).toEqual(['src', 'tests', '**/*.py']);
    const text = applyAdoption(
      'version: 1\ncontrols:\n  - id: ENG.TESTS\n    inputs: [docs]\n',
      filled,
    );
    expect(text).toContain('inputs:\n      - src\n      - tests\n      - "**/*.py"');
  });

  test("--inputs replaces the proposal; --whole-tree writes none and removes a slot's", () => {
    const own = adopt({ inputs: ['lib', 'lib'] });
    expect(own.kind === 'add' && own.control.inputs).toEqual(['lib']);
    const whole = adopt({ wholeTree: true });
    expect(whole.kind === 'add' && whole.control.inputs).toBe(undefined);
    const wholeFill = adopt({ fills: 'ENG.TESTS', wholeTree: true });
    expect(wholeFill.kind === 'fill' && wholeFill.inputs).toEqual([]);
    const text = applyAdoption(
      'version: 1\ncontrols:\n  - id: ENG.TESTS\n    inputs: [docs]\n',
      wholeFill,
    );
    expect(text).not.toContain('inputs');
  });

  test('both together, or a bad glob, are refused', () => {
    expect(() => adopt({ inputs: ['src'], wholeTree: true })).toThrow(
      '--inputs and --whole-tree cannot be used together',
    );
    expect(() => adopt({ inputs: ['../outside'] })).toThrow('--inputs');
  });

  test('a candidate without a proposal adds a control without inputs (the whole tree)', () => {
    const plain = planAdoption(registry, candidates, notAdoptable, { candidate: 'npm:test' });
    expect(plain.kind === 'add' && 'inputs' in plain.control).toBe(false);
  });
});
