// init keeps the plane, and a profile file read from inside the project, out of what the project
// publishes: npm pack, a setuptools or hatchling sdist, cargo package. Checked with the real packagers where this machine has them (npm always;
// cargo and setuptools when installed), else by parsing the edited file. Where an edit is unsafe,
// init refuses (exit 2) with the exact lines and writes nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, test } from 'vitest';
import { spawnCli } from '../helpers/cli.ts';
import { PROTOTYPE_PROFILE, listTree, makeRepo } from '../helpers/plane-cli.ts';

const PROFILE = PROTOTYPE_PROFILE;
const HOME = { HOME: process.env['HOME'] ?? '/tmp' };

function init(files: Record<string, string>): { dir: string; out: string } {
  const dir = makeRepo({ ...files, 'profile.yaml': PROFILE });
  const run = spawnCli(['init', '--profile', 'profile.yaml'], dir, HOME);
  expect(run.code, run.stderr).toBe(0);
  return { dir, out: run.stdout };
}

function has(program: string, ...args: string[]): boolean {
  return spawnSync(program, args, { encoding: 'utf8' }).status === 0;
}

const CARGO = `[package]
name = "tiny-crate"
version = "0.3.1"
edition = "2021"
license = "MIT"
description = "A tiny crate"
# the CI folder is not part of the crate
exclude = ["/.github/**", "/ci"]  # keep these

[dependencies]
`;

describe('init keeps the plane out of the published package', () => {
  test('cargo: appended to [package] exclude, comments kept; cargo package lists no plane file', () => {
    const { dir, out } = init({ 'Cargo.toml': CARGO, 'src/lib.rs': 'pub fn one() -> u8 { 1 }\n' });
    expect(out).toContain(
      'package: Cargo.toml (changed): cargo package excludes .proofgate/, /profile.yaml',
    );
    const text = readFileSync(join(dir, 'Cargo.toml'), 'utf8');
    expect(text).toBe(
      CARGO.replace('"/ci"]  # keep', '"/ci", ".proofgate/", "/profile.yaml"]  # keep'),
    );
    expect((parseToml(text) as { package: { exclude: string[] } }).package.exclude).toContain(
      '.proofgate/',
    );
    if (!has('cargo', '--version')) return;
    const list = spawnSync('cargo', ['package', '--list', '--allow-dirty', '--offline'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toContain('src/lib.rs');
    expect(list.stdout).not.toContain('.proofgate');
    expect(list.stdout).not.toContain('profile.yaml');
  });

  test('npm without "files": .npmignore created with the .gitignore lines; npm pack packs the same files, no plane', () => {
    const files = {
      'package.json': JSON.stringify({ name: 'tiny-lib', version: '1.0.0', main: 'index.js' }),
      '.gitignore': 'node_modules\ncoverage/\n*.log\n',
      'index.js': 'module.exports = 1;\n',
      'debug.log': 'ignored by git, so not packed\n',
      'README.md': '# tiny\n',
    };
    const pack = (dir: string): string[] => {
      const run = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      return (JSON.parse(run.stdout) as { files: { path: string }[] }[])[0]!.files
        .map((f) => f.path)
        .sort();
    };
    const before = pack(makeRepo({ ...files, 'profile.yaml': PROFILE }));
    const { dir, out } = init(files);
    expect(out).toContain('package: .npmignore (changed): created');
    const ignore = readFileSync(join(dir, '.npmignore'), 'utf8');
    expect(ignore).toContain('node_modules\ncoverage/\n*.log\n');
    expect(ignore).toContain('\n.proofgate/\n/profile.yaml\n');
    const after = pack(dir);
    expect(after.filter((p) => p.startsWith('.proofgate'))).toEqual([]);
    // what npm packed before init, it packs still, less the profile (debug.log stays out: the
    // .gitignore lines came along)
    expect(before).toContain('profile.yaml');
    expect(after.filter((p) => p !== '.npmignore')).toEqual(
      before.filter((p) => p !== 'profile.yaml'),
    );
  });

  test('setuptools: MANIFEST.in prunes the plane even under a broad include; the sdist has none of it', () => {
    const { dir, out } = init({
      'pyproject.toml':
        '[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n\n[project]\nname = "tinypkg"\nversion = "0.1.0"\n',
      'MANIFEST.in': 'global-include *.md *.yaml *.jsonl\n',
      'src/tinypkg/__init__.py': 'VALUE = 1\n',
    });
    expect(out).toContain('package: MANIFEST.in (changed)');
    expect(readFileSync(join(dir, 'MANIFEST.in'), 'utf8')).toMatch(
      /\nprune \.proofgate\nexclude profile\.yaml\n$/,
    );
    if (!has('python3', '-c', 'import setuptools.build_meta')) return;
    const dist = mkdtempSync(join(tmpdir(), 'pg-sdist-'));
    const build = spawnSync(
      'python3',
      ['-c', `from setuptools import build_meta as b; b.build_sdist(${JSON.stringify(dist)})`],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(build.status, build.stderr).toBe(0);
    const tar = readdirSync(dist).find((f) => f.endsWith('.tar.gz'))!;
    const listing = spawnSync('tar', ['tzf', join(dist, tar)], { encoding: 'utf8' }).stdout;
    expect(listing).toContain('src/tinypkg/__init__.py');
    expect(listing).not.toContain('.proofgate');
    expect(listing).not.toContain('profile.yaml');
  });

  test('hatchling: [tool.hatch.build.targets.sdist] exclude added to the existing table', () => {
    const pyproject = `[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[project]
name = "tinypkg"
version = "0.1.0"

[tool.hatch.build.targets.sdist]
include = [
    "/tinypkg",
    "/tests",
]

[tool.hatch.build.targets.wheel]
packages = ["tinypkg"]
`;
    const { dir } = init({ 'pyproject.toml': pyproject, 'tinypkg/__init__.py': '' });
    const text = readFileSync(join(dir, 'pyproject.toml'), 'utf8');
    expect(text).toBe(
      pyproject.replace(
        '    "/tests",\n]\n',
        '    "/tests",\n]\nexclude = [".proofgate", "/profile.yaml"]\n',
      ),
    );
  });

  test('unsafe edits are refused with the exact lines, and nothing is written', () => {
    const broad = {
      'package.json': JSON.stringify({ name: 'x', version: '1.0.0', files: ['*'] }),
    };
    const dir = makeRepo({ ...broad, 'profile.yaml': PROFILE });
    const before = listTree(dir);
    const run = spawnCli(['init', '--profile', 'profile.yaml'], dir, HOME);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('"files" lists "*"');
    expect(run.stderr).toContain('"!.proofgate/"');
    expect(listTree(dir)).toEqual(before);
    expect(existsSync(join(dir, '.proofgate'))).toBe(false);
    const crate = makeRepo({
      'Cargo.toml': '[package]\nname = "x"\nversion = "0.1.0"\ninclude = ["**/*"]\n',
      'profile.yaml': PROFILE,
    });
    const refused = spawnCli(['init', '--profile', 'profile.yaml'], crate, HOME);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('cargo ignores exclude beside include');
    expect(existsSync(join(crate, '.proofgate'))).toBe(false);
  });

  test('skill install adds the skill folders to the package exclusions', () => {
    const { dir } = init({
      'package.json': JSON.stringify({ name: 'tiny-lib', version: '1.0.0' }),
    });
    const run = spawnCli(['install', '--skill', '--root', dir], dir, HOME);
    expect(run.code, run.stderr).toBe(0);
    const ignore = readFileSync(join(dir, '.npmignore'), 'utf8');
    expect(ignore).toContain('.claude/skills/proofgate/');
    expect(ignore).toContain('.agents/skills/proofgate/');
  });
});
