import { describe, expect, it } from 'vitest';
import {
  assertGlobs,
  findGlobProblem,
  toGlobPathspec,
  unmatchedInputsError,
} from '../../../scripts/lib/core/shared/pathspec.ts';

describe('plane path globs', () => {
  it.each(['src/**/*.ts', 'coverage/', '*.log', 'docs', '.proofgate/evidence/', 'a b/[xy].md'])(
    'accepts %j',
    (glob) => expect(findGlobProblem(glob)).toBeUndefined(),
  );

  it.each([
    ['', 'is empty'],
    ['  ', 'is empty'],
    [':(top)src', 'starts with ":"'],
    ['/etc/passwd', 'is absolute'],
    ['src\\a.ts', 'backslash'],
    ['src/\0x', 'NUL'],
    ['../outside/**', '".."'],
    ['src/../../x', '".."'],
    ['./src', '"."'],
  ])('refuses %j (%s)', (glob, reason) => {
    expect(findGlobProblem(glob)).toContain(reason);
  });

  it('refuses braces in git-pathspec globs, which git would take literally (exit 2)', () => {
    expect(() => assertGlobs(['src/{a,b}.ts'], 'control unit inputs')).toThrow(
      expect.objectContaining({
        code: 'GLOB_INVALID',
        problems: [expect.stringContaining('braces, which git pathspecs do not expand')],
      }),
    );
    expect(() => assertGlobs(['src/[ab].ts', 'src/**'], 'control unit inputs')).not.toThrow();
  });

  it('fails once, naming every bad glob with where it came from (exit 2)', () => {
    let caught: unknown;
    try {
      assertGlobs(['ok/**', '../a', ':(exclude)b'], 'control unit inputs');
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({
      code: 'GLOB_INVALID',
      exitCode: 2,
      problems: [
        expect.stringMatching(/^control unit inputs: "\.\.\/a"/),
        expect.stringMatching(/^control unit inputs: ":\(exclude\)b"/),
      ],
    });
  });

  it('adds glob magic and turns a trailing slash into the whole directory', () => {
    expect(toGlobPathspec('src/**/*.ts')).toBe(':(glob)src/**/*.ts');
    expect(toGlobPathspec('coverage/')).toBe(':(glob)coverage/**');
  });

  it('an unmatched input is a configuration error with one problem per glob', () => {
    expect(unmatchedInputsError('control unit inputs', ['a/**', 'b'])).toMatchObject({
      code: 'INPUT_UNMATCHED',
      exitCode: 2,
      problems: [expect.stringContaining('"a/**"'), expect.stringContaining('"b"')],
    });
  });
});
