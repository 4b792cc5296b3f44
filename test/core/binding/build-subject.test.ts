import { describe, expect, it } from 'vitest';
import {
  nameSubproject,
  subjectScopeOf,
  subprojectOf,
  buildControlSubject,
  buildSubject,
  digestInputsListing,
  hasInputs,
  listStoragePrefixes,
  listStorageShapes,
  listSubjectExcludes,
} from '../../../scripts/lib/core/binding/build-subject.ts';
import { digestJson, sha256Hex } from '../../../scripts/lib/core/hash.ts';
import type { Control, Manifest, Registry } from '../../../scripts/lib/core/plane/types.ts';

const control = (id: string, extra: Partial<Control> = {}): Control => ({
  id,
  title: id,
  owner: 'dev',
  requirements: [],
  risks: [],
  applies: { value: true },
  required_from_maturity: 'prototype',
  execution: { type: 'command', argv: ['true'] },
  evidence_required: [],
  ...extra,
});

const registry: Registry = {
  version: 1,
  controls: [
    control('unit', { inputs: ['src/**/*.ts'], outputs: ['coverage/', 'junit.xml'] }),
    control('e2e', { outputs: ['coverage/', 'playwright-report/'] }),
    control('lint'),
  ],
};
const manifest = { version: 1, ledger_id: 'lg' } as unknown as Manifest;
const TREE = 'a'.repeat(40);

describe('subject excludes', () => {
  it('puts the storage prefixes under the plane, or at the root for a root plane', () => {
    expect(listStoragePrefixes('.proofgate')).toEqual([
      '.proofgate/evidence/',
      '.proofgate/knowledge/',
    ]);
    expect(listStoragePrefixes('sub/plane/')).toEqual([
      'sub/plane/evidence/',
      'sub/plane/knowledge/',
    ]);
    expect(listStoragePrefixes('')).toEqual(['evidence/', 'knowledge/']);
  });

  it('adds every control output once, sorted, whichever control is judged', () => {
    expect(listSubjectExcludes('.proofgate', registry)).toEqual(
      [
        '.proofgate/INDEX.md',
        '.proofgate/controls/manifest.yaml',
        '.proofgate/controls/registry.yaml',
        '.proofgate/docs/',
        ...listStorageShapes('.proofgate'),
        'coverage/',
        'junit.xml',
        'playwright-report/',
      ].sort(),
    );
  });

  it('leaves out only the files proofgate writes in its storage', () => {
    const hex = '[0-9a-f]';
    expect(listStorageShapes('.proofgate')).toEqual([
      '.proofgate/evidence/ledger/*.jsonl',
      `.proofgate/evidence/objects/sha256/${hex.repeat(2)}/${hex.repeat(64)}`,
      `.proofgate/evidence/objects/sha256/${hex.repeat(2)}/.tmp-${hex.repeat(16)}`,
      '.proofgate/knowledge/facts.jsonl',
      '.proofgate/knowledge/decisions.jsonl',
      '.proofgate/knowledge/hypotheses.jsonl',
      '.proofgate/knowledge/cases.jsonl',
      '.proofgate/knowledge/trace-graph.json',
      '.proofgate/knowledge/trace-graph.json.tmp-*',
      '.proofgate/knowledge/target-model.json',
      '.proofgate/knowledge/target-model.json.tmp-*',
      '.proofgate/knowledge/task-handoff.json',
      '.proofgate/knowledge/task-handoff.json.tmp-*',
      '.proofgate/knowledge/task-handoff.md',
      '.proofgate/knowledge/task-handoff.md.tmp-*',
    ]);
  });

  it('a plane at the repository root keeps its definition files in the tree', () => {
    expect(listSubjectExcludes('', registry)).not.toContain('controls/manifest.yaml');
  });

  it('refuses an output glob that escapes the root', () => {
    const bad: Registry = { version: 1, controls: [control('x', { outputs: ['../up/'] })] };
    expect(() => listSubjectExcludes('', bad)).toThrow(/control x outputs/);
  });
});

describe('building bindings', () => {
  it('digests manifest and registry as canonical JSON, key order irrelevant', () => {
    const subject = buildSubject({ tree: TREE, manifest, registry });
    expect(subject).toEqual({
      tree: TREE,
      manifest: digestJson(manifest),
      registry: digestJson(registry),
    });
    const reordered = { ledger_id: 'lg', version: 1 } as unknown as Manifest;
    expect(buildSubject({ tree: TREE, manifest: reordered, registry }).manifest).toBe(
      subject.manifest,
    );
  });

  it('adds the control digest, and the inputs digest exactly when a listing is given', () => {
    const base = buildSubject({ tree: TREE, manifest, registry });
    const lint = buildControlSubject(base, control('lint'));
    expect(lint).toEqual({ ...base, control: digestJson(control('lint')) });
    expect(lint).not.toHaveProperty('inputs');
    const listing = new TextEncoder().encode('100644 abc 0\tsrc/a.ts\0');
    const unit = buildControlSubject(base, control('unit'), listing);
    expect(unit.inputs).toBe(sha256Hex(listing));
    expect(digestInputsListing(listing)).toBe(unit.inputs);
  });

  it('a change to the control definition changes only its own control digest', () => {
    const base = buildSubject({ tree: TREE, manifest, registry });
    const a = buildControlSubject(base, control('lint'));
    const b = buildControlSubject(base, control('lint', { title: 'Lint!' }));
    expect(b.control).not.toBe(a.control);
    expect({ ...b, control: a.control }).toEqual(a);
  });

  it('treats an empty inputs list as no inputs', () => {
    expect(hasInputs(control('a', { inputs: [] }))).toBe(false);
    expect(hasInputs(control('a', { inputs: ['x'] }))).toBe(true);
    expect(hasInputs(control('a'))).toBe(false);
  });
});

describe('the plane scope in the subject', () => {
  const scoped = (scope_mode: string, include: string[], exclude: string[] = []): Manifest =>
    ({ profile: { scope_mode }, scope: { include, exclude } }) as unknown as Manifest;
  const storage = listSubjectExcludes('.proofgate', registry);

  it('a whole-repository scope adds nothing; its excludes are left out whatever the mode', () => {
    expect(subjectScopeOf('.proofgate', scoped('full_repo', ['**']), registry)).toEqual({
      excludes: storage,
      plane: '.proofgate',
    });
    expect(subprojectOf(scoped('full_repo', ['**']))).toBeUndefined();
    const vendor = subjectScopeOf('.proofgate', scoped('full_repo', ['**'], ['vendor/']), registry);
    expect(vendor.excludes).toContain('vendor/');
    expect(vendor.includes).toBeUndefined();
    expect(nameSubproject(subprojectOf(scoped('full_repo', ['**'], ['vendor/'])) ?? [])).toBe(
      'the repository except vendor/',
    );
  });

  it('an include narrower than the repository is a subproject in either mode, plus its plane', () => {
    for (const mode of ['full_repo', 'subproject']) {
      const m = scoped(mode, ['src/**'], ['src/gen/']);
      expect(subjectScopeOf('.proofgate', m, registry).includes).toEqual(['.proofgate/', 'src/**']);
      expect(subprojectOf(m)).toEqual(['src/**', '!src/gen/']);
      expect(nameSubproject(subprojectOf(m) ?? [])).toBe('subproject src/** except src/gen/');
    }
    // `*` does not cross a `/`: root files only, a narrower scope
    expect(subprojectOf(scoped('full_repo', ['*']))).toEqual(['*']);
  });

  it('a bad scope glob is refused (exit 2)', () => {
    expect(() => subjectScopeOf('', scoped('full_repo', ['../x']), registry)).toThrow(
      /scope.include/,
    );
    expect(() => subjectScopeOf('', scoped('full_repo', ['**'], ['/abs']), registry)).toThrow(
      /scope.exclude/,
    );
  });
});
