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

// The shape of minimist and many other packages: `.npmignore` is git-ignored and written at pack
// time by `npmignore --auto` from .gitignore plus `publishConfig.ignore`. A line added to
// .npmignore is lost on the next pack (and a committed .npmignore makes the tool refuse), so the
// exclusion goes into `publishConfig.ignore`, with the file's own formatting kept.
describe('npm: a .npmignore generated at pack time by npmignore --auto', () => {
  const pkg = {
    name: 'argv-lib',
    version: '1.2.8',
    scripts: { prepack: 'npmignore --auto --commentLines=auto', test: 'tape test/*.js' },
    publishConfig: { ignore: ['.github/workflows'] },
  };
  const gitignore =
    'node_modules\n\n# Only apps should have lockfiles\npackage-lock.json\n\n.npmignore\n';
  const text = `${JSON.stringify(pkg, null, '\t')}\n`;
  const generated = `${gitignore}\n# npmignore - auto\n.github/workflows\n`;

  test('publishConfig.ignore gains the directories; no .npmignore is written, even one on disk', () => {
    const files = { 'package.json': text, '.gitignore': gitignore, '.npmignore': generated };
    const steps = planPackageExclusions(files, ['.proofgate', '.claude/skills/proofgate']);
    expect(steps).toHaveLength(1);
    const [step] = steps;
    expect(step).toMatchObject({ kind: 'write', file: 'package.json' });
    const edited = step!.kind === 'write' ? step!.text : '';
    expect(edited).toBe(
      `${JSON.stringify({ ...pkg, publishConfig: { ignore: ['.github/workflows', '.proofgate/', '.claude/skills/proofgate/'] } }, null, '\t')}\n`,
    );
    expect(
      planPackageExclusions({ ...files, 'package.json': edited }, [
        '.proofgate',
        '.claude/skills/proofgate',
      ]),
    ).toEqual([expect.objectContaining({ kind: 'ok', file: 'package.json' })]);
  });

  test('publishConfig is created when absent; a package.json JSON.stringify would reformat is refused with the entries', () => {
    const bare = { ...pkg, publishConfig: undefined };
    const [created] = planPackageExclusions(
      { 'package.json': `${JSON.stringify(bare, null, 2)}\n`, '.gitignore': gitignore },
      DIRS,
    );
    expect(created).toMatchObject({ kind: 'write', file: 'package.json' });
    expect(JSON.parse(created!.kind === 'write' ? created!.text : '{}')).toMatchObject({
      publishConfig: { ignore: ['.proofgate/'] },
    });
    const [refused] = planPackageExclusions(
      { 'package.json': JSON.stringify(pkg).replace('{', '{ '), '.gitignore': gitignore },
      DIRS,
    );
    expect(refused).toMatchObject({
      kind: 'refuse',
      file: 'package.json',
      lines: ['".proofgate/"'],
    });
  });

  test('without the generator in a pack script, the .gitignore that ignores .npmignore is only named', () => {
    const [step] = planPackageExclusions(
      { 'package.json': JSON.stringify({ ...pkg, scripts: {} }), '.gitignore': gitignore },
      DIRS,
    );
    expect(step).toMatchObject({ kind: 'write', file: '.npmignore' });
  });
});

describe('a single file kept out beside the plane (an init profile inside the project)', () => {
  const LOOSE = ['config/profile.yaml'];
  const write = (steps: ReturnType<typeof planPackageExclusions>) =>
    steps.map((s) => (s.kind === 'write' ? s.text : `${s.kind}: ${s.why}`));

  test('npm: anchored in .npmignore; a "files" list that packs it is refused with a negation', () => {
    const [text] = write(planPackageExclusions({ 'package.json': '{}' }, DIRS, LOOSE));
    expect(text).toMatch(/\n\.proofgate\/\n\/config\/profile\.yaml\n$/);
    expect(
      planPackageExclusions({ 'package.json': '{}', '.npmignore': text! }, DIRS, LOOSE),
    ).toEqual([expect.objectContaining({ kind: 'ok' })]);
    expect(planPackageExclusions({ 'package.json': '{"files":["config"]}' }, DIRS, LOOSE)).toEqual([
      expect.objectContaining({
        kind: 'refuse',
        lines: ['"!.proofgate/"', '"!/config/profile.yaml"'],
      }),
    ]);
  });

  test('setuptools excludes the file (prune is for directories), once', () => {
    const files = { 'setup.py': 'from setuptools import setup\nsetup()\n' };
    const [text] = write(planPackageExclusions(files, DIRS, LOOSE));
    expect(text).toMatch(/\nprune \.proofgate\nexclude config\/profile\.yaml\n$/);
    expect(planPackageExclusions({ ...files, 'MANIFEST.in': text! }, DIRS, LOOSE)).toEqual([
      expect.objectContaining({ kind: 'ok', file: 'MANIFEST.in' }),
    ]);
    // MANIFEST.in splits on whitespace: a space is matched by `?`, and a re-run adds nothing
    const [spaced] = write(planPackageExclusions(files, DIRS, ['my profile.yaml']));
    expect(spaced).toMatch(/\nexclude my\?profile\.yaml\n$/);
    expect(
      planPackageExclusions({ ...files, 'MANIFEST.in': spaced! }, DIRS, ['my profile.yaml']),
    ).toEqual([expect.objectContaining({ kind: 'ok', file: 'MANIFEST.in' })]);
  });

  test('flit and pdm take the relative path, hatchling and cargo an anchored one', () => {
    const backend = (name: string) =>
      `[build-system]\nrequires = ["x"]\nbuild-backend = "${name}"\n[project]\nname = "p"\n`;
    const entry = (name: string) =>
      write(planPackageExclusions({ 'pyproject.toml': backend(name) }, DIRS, LOOSE))[0];
    expect(entry('flit_core.buildapi')).toContain(
      'exclude = [".proofgate", "config/profile.yaml"]',
    );
    expect(entry('pdm.backend')).toContain('excludes = [".proofgate", "config/profile.yaml"]');
    expect(entry('hatchling.build')).toContain('exclude = [".proofgate", "/config/profile.yaml"]');
    const [crate] = write(
      planPackageExclusions({ 'Cargo.toml': '[package]\nname = "x"\n' }, DIRS, LOOSE),
    );
    expect(crate).toContain('exclude = [".proofgate/", "/config/profile.yaml"]');
  });
});
