// adopt writes the inputs scan proposes for a command (references/adopt.md "Inputs"): on a small
// JavaScript project of our own, an edit to the README leaves the adopted test control current,
// an edit to a source file, a test's fixture or a new source file in a folder of its own stales
// it; a README-rewriting build, adopted, does not stale the tests on every run.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROTOTYPE_PROFILE, makeRepo, runCli, writeFiles } from '../helpers/plane-cli.ts';

const PKG = JSON.stringify({
  name: 'calc',
  scripts: { test: 'node --test test/', build: 'node build.js' },
});

function git(dir: string, ...args: string[]): void {
  const run = spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
}

function commit(dir: string, message: string): void {
  git(dir, 'add', '-A');
  git(dir, '-c', 'user.name=t', '-c', 'user.email=t@e', 'commit', '-q', '-m', message);
}

function statusOf(dir: string, control: string): { status: string; reason: string } {
  const run = runCli(['status', '--json', '--control', control], dir);
  const doc = JSON.parse(run.stdout) as {
    statuses: { control: string; stages: Record<string, { status: string; reason: string }> }[];
  };
  return doc.statuses.find((s) => s.control === control)!.stages['self']!;
}

describe('adopt writes the proposed inputs', () => {
  let dir: string;
  beforeAll(() => {
    dir = makeRepo({
      'package.json': PKG,
      'README.md': '# calc\n',
      'src/calc.js': 'exports.add = (a, b) => a + b;\n',
      'test/calc.test.js':
        "const t = require('node:test'); const a = require('node:assert');\nconst { add } = require('../src/calc.js');\nt.test('add', () => a.strictEqual(add(1, 2), 3));\n",
      'test/fixtures/data.txt': 'one\n',
      'build.js':
        "require('fs').writeFileSync('README.md', '# calc, built ' + Date.now() + '\\n');\n",
    });
    const profile = makeRepo({ 'profile.yaml': PROTOTYPE_PROFILE }, false);
    const init = runCli(['init', '--profile', join(profile, 'profile.yaml')], dir);
    expect(init.code, init.stderr).toBe(0);
    commit(dir, 'init');
  });

  it('scan and adopt --list show them; adopt writes them and says how to choose others', () => {
    const scan = runCli(['scan'], dir);
    expect(scan.stdout).toContain('inputs (a npm test): src test **/*.js **/package.json');
    const json = JSON.parse(runCli(['scan', '--json'], dir).stdout) as {
      candidates: { id: string; inputs?: { role: string; globs: string[] } }[];
    };
    expect(json.candidates.find((c) => c.id === 'npm:test')?.inputs).toEqual({
      role: 'test',
      kinds: ['npm'],
      globs: ['src', 'test', '**/*.js', '**/package.json'],
    });
    const list = runCli(['adopt', '--list'], dir);
    expect(list.stdout).toContain('inputs (a npm test): src test **/*.js **/package.json');
    const adopt = runCli(['adopt', 'npm:test', '--fills', 'ENG.TESTS'], dir);
    expect(adopt.code, adopt.stderr).toBe(0);
    expect(adopt.stdout).toContain('inputs: src test **/*.js **/package.json');
    expect(adopt.stdout).toContain('proofgate adopt npm:test --whole-tree');
    const registry = readFileSync(join(dir, '.proofgate/controls/registry.yaml'), 'utf8');
    expect(registry).toMatch(/inputs:\n\s+- src\n\s+- test\n/);
    const build = runCli(['adopt', 'npm:build', '--fills', 'ENG.BUILD'], dir);
    expect(build.code, build.stderr).toBe(0);
    commit(dir, 'adopt');
  });

  it('a README edit leaves the test control current; a source, fixture or new source stales it', () => {
    const run = runCli(['evaluate', '--run', '--control', 'ENG.TESTS'], dir);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    commit(dir, 'evidence');
    writeFileSync(join(dir, 'README.md'), '# calc\n\nedited\n');
    expect(statusOf(dir, 'ENG.TESTS').status).toBe('PASS');
    commit(dir, 'readme');
    expect(statusOf(dir, 'ENG.TESTS').status).toBe('PASS');
    for (const [path, text] of [
      ['src/calc.js', 'exports.add = (a, b) => a + b + 0;\n'],
      ['test/fixtures/data.txt', 'two\n'],
      ['lib/extra/helper.js', 'module.exports = 1;\n'],
      ['.hidden/patch.js', 'module.exports = 2;\n'],
    ] as const) {
      const before = existsSync(join(dir, path)) ? readFileSync(join(dir, path), 'utf8') : '';
      writeFiles(dir, { [path]: text });
      expect(statusOf(dir, 'ENG.TESTS').status, path).toBe('STALE');
      // undo the change (a new file is removed)
      if (before === '') rmSync(join(dir, path));
      else writeFileSync(join(dir, path), before);
      expect(statusOf(dir, 'ENG.TESTS').status, `${path} undone`).toBe('PASS');
    }
  });

  it('a README-rewriting build, adopted, does not stale the tests on every run', () => {
    for (let i = 0; i < 2; i++) {
      const run = runCli(['evaluate', '--run', '--control', 'ENG.BUILD'], dir);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(statusOf(dir, 'ENG.TESTS').status).toBe('PASS');
    }
  });

  it('--inputs names others; --whole-tree writes none; both together are refused', () => {
    const both = runCli(['adopt', 'npm:test', '--inputs', 'src', '--whole-tree'], dir);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--inputs and --whole-tree cannot be used together');
    const own = runCli(['adopt', 'npm:test', '--fills', 'ENG.TESTS', '--inputs', 'src'], dir);
    expect(own.code, own.stderr).toBe(0);
    expect(own.stdout).toContain('inputs: src (only a change');
    const whole = runCli(['adopt', 'npm:test', '--fills', 'ENG.TESTS', '--whole-tree'], dir);
    expect(whole.code, whole.stderr).toBe(0);
    expect(whole.stdout).toContain('inputs: none');
    const registry = readFileSync(join(dir, '.proofgate/controls/registry.yaml'), 'utf8');
    expect(registry).not.toMatch(/ENG\.TESTS[\s\S]*?inputs:[\s\S]*?- id: /);
  });
});
