import { describe, expect, test } from 'vitest';
import {
  findMissingTool,
  missingToolNext,
} from '../../../scripts/lib/core/gate/run/missing-tool.ts';

describe('a missing tool is named, never read as failing tests', () => {
  test.each([
    ['sh: 1: xo: not found\n', 'xo'],
    ['> x@1.0.0 test\n> pytest\n\nsh: pytest: command not found\n', 'pytest'],
    ['bash: line 1: cargo: command not found\n', 'cargo'],
    ['/bin/sh: 1: make: not found\n', 'make'],
  ])('exit 127 with %j names %s', (output, tool) => {
    expect(findMissingTool(127, output)).toBe(tool);
  });

  test.each([
    [
      'clang-tidy csvtok.h --checks=-*,bugprone-*\nmake: clang-tidy: No such file or directory\nmake: *** [Makefile:24: lint] Error 127\n',
      'clang-tidy',
    ],
    ['/bin/sh: 1: pytest: not found\nmake: *** [Makefile:3: test] Error 127\n', 'pytest'],
    ['make[1]: cc: No such file or directory\nmake[1]: *** [Makefile:2: all] Error 127\n', 'cc'],
  ])('make exiting 2 over a recipe that exited 127 (%j) names %s', (output, tool) => {
    expect(findMissingTool(2, output)).toBe(tool);
  });

  test("make's failing tests stay a FAIL, even when their output mentions a missing file", () => {
    const failing =
      'FAILED: test_default\nmake: data.json: No such file or directory\nmake: *** [Makefile:6: test_default] Error 1\n';
    expect(findMissingTool(2, failing)).toBeUndefined();
    expect(findMissingTool(2, 'the test printed Error 127 in its own words\n')).toBeUndefined();
    expect(findMissingTool(1, 'make: *** [Makefile:28: lint] Error 127\n')).toBeUndefined();
  });

  test('exit 127 without a recognisable message is still a missing command', () => {
    expect(findMissingTool(127, 'something else')).toMatch(/exit 127/);
  });

  test('a failing test run that merely prints "not found" stays a FAIL (exit code decides)', () => {
    expect(findMissingTool(1, 'sh: 1: xo: not found\n')).toBeUndefined();
    expect(findMissingTool(0, 'x: command not found')).toBeUndefined();
    expect(findMissingTool(null, 'x: command not found')).toBeUndefined();
  });
});

describe('a missing tool points at installing the dependencies, then the rerun', () => {
  const rerun = 'proofgate evaluate --run --control ENG.TESTS';
  test.each([
    [['package.json', 'package-lock.json'], 'npm ci'],
    [['package.json', 'pnpm-lock.yaml'], 'pnpm install --frozen-lockfile'],
    [['package.json', 'yarn.lock'], 'yarn install --frozen-lockfile'],
    [['package.json'], 'npm install'],
    [['pyproject.toml', 'uv.lock'], 'uv sync'],
    [['requirements.txt'], 'python -m pip install -r requirements.txt'],
  ])('%j installs with %s', (files, install) => {
    expect(missingToolNext(rerun, new Set(files))).toBe(`${install} && ${rerun}`);
  });

  test('with nothing that pins dependencies the rerun stays alone', () => {
    expect(missingToolNext(rerun, new Set(['Makefile', 'go.mod']))).toBe(rerun);
  });
});
