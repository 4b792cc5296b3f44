import { describe, expect, test } from 'vitest';
import { planPackageExclusions } from '../../../scripts/lib/core/plane/package-exclusions.ts';

const DIRS = ['.proofgate'];

describe('planPackageExclusions', () => {
  test('npm: private or a "files" list that leaves the plane out needs nothing', () => {
    expect(planPackageExclusions({ 'package.json': '{"private":true}' }, DIRS)).toEqual([
      expect.objectContaining({ kind: 'ok', file: 'package.json' }),
    ]);
    expect(
      planPackageExclusions({ 'package.json': '{"files":["dist","!dist/x","*.md"]}' }, DIRS),
    ).toEqual([expect.objectContaining({ kind: 'ok', file: 'package.json' })]);
    expect(
      planPackageExclusions({ 'package.json': '{"files":["dist", ".proofgate/"]}' }, DIRS),
    ).toEqual([expect.objectContaining({ kind: 'refuse', lines: ['"!.proofgate/"'] })]);
  });

  test('npm: an existing .npmignore gets one line appended, once', () => {
    const [step] = planPackageExclusions({ 'package.json': '{}', '.npmignore': 'test/' }, DIRS);
    expect(step).toMatchObject({ kind: 'write', file: '.npmignore' });
    const text = step!.kind === 'write' ? step!.text : '';
    expect(text.startsWith('test/\n')).toBe(true);
    expect(text.endsWith('\n.proofgate/\n')).toBe(true);
    expect(planPackageExclusions({ 'package.json': '{}', '.npmignore': text }, DIRS)).toEqual([
      expect.objectContaining({ kind: 'ok' }),
    ]);
  });

  test('python: each backend gets its own exclusion; poetry and unknown backends are only noted', () => {
    const backend = (name: string) =>
      `[build-system]\nrequires = ["x"]\nbuild-backend = "${name}"\n[project]\nname = "p"\n`;
    const plan = (name: string) =>
      planPackageExclusions({ 'pyproject.toml': backend(name) }, DIRS)[0]!;
    expect(plan('flit_core.buildapi')).toMatchObject({
      kind: 'write',
      why: expect.stringContaining('tool.flit.sdist.exclude'),
    });
    expect(plan('pdm.backend')).toMatchObject({
      kind: 'write',
      why: expect.stringContaining('tool.pdm.build.excludes'),
    });
    expect(plan('setuptools.build_meta')).toMatchObject({ kind: 'write', file: 'MANIFEST.in' });
    expect(plan('poetry.core.masonry.api')).toMatchObject({ kind: 'ok' });
    expect(plan('maturin')).toMatchObject({ kind: 'ok', why: expect.stringContaining('maturin') });
    // a pyproject holding only tool settings is no package
    expect(
      planPackageExclusions({ 'pyproject.toml': '[tool.black]\nline-length = 99\n' }, DIRS),
    ).toEqual([]);
    // setup.py alone is setuptools
    expect(
      planPackageExclusions(
        { 'setup.py': 'setup()\n', 'MANIFEST.in': 'prune .proofgate/\n' },
        DIRS,
      ),
    ).toEqual([expect.objectContaining({ kind: 'ok', file: 'MANIFEST.in' })]);
  });

  test('cargo: a workspace root, publish = false and a narrow include need nothing', () => {
    const plan = (toml: string) => planPackageExclusions({ 'Cargo.toml': toml }, DIRS)[0]!;
    expect(plan('[workspace]\nmembers = ["a"]\n')).toMatchObject({ kind: 'ok' });
    expect(plan('[package]\nname = "a"\npublish = false\n')).toMatchObject({ kind: 'ok' });
    expect(plan('[package]\nname = "a"\ninclude = ["/src", "Cargo.toml"]\n')).toMatchObject({
      kind: 'ok',
    });
    expect(plan('[package]\nname = "a"\ninclude = ["/.proofgate/x"]\n')).toMatchObject({
      kind: 'refuse',
    });
  });
});

test('npm: a .gitignore that ignores .npmignore is named, so the new file gets committed', () => {
  const [step] = planPackageExclusions(
    { 'package.json': '{}', '.gitignore': 'node_modules\n.npmignore\n' },
    DIRS,
  );
  expect(step).toMatchObject({
    kind: 'write',
    why: expect.stringContaining('git add -f .npmignore'),
  });
});
