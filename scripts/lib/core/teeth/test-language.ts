// Which changed files are test files, and in which language their teeth are counted. By the usual
// naming conventions: `*.test.*` and `*.spec.*`, `test_*.py` and `*_test.py`, `*_test.go`, files
// under a `test/`, `tests/`, `__tests__/` or `spec/` folder, and Rust files holding `#[test]`.

export type TestLanguage = 'js' | 'python' | 'rust' | 'go';

const EXTENSIONS: readonly [RegExp, TestLanguage][] = [
  [/\.[cm]?[jt]sx?$/, 'js'],
  [/\.py$/, 'python'],
  [/\.rs$/, 'rust'],
  [/\.go$/, 'go'],
];

const TEST_FOLDER = /(?:^|\/)(?:test|tests|__tests__|spec)\//;

/** The language a path's extension names; undefined for a file no rule here counts. */
export function languageOf(path: string): TestLanguage | undefined {
  return EXTENSIONS.find(([pattern]) => pattern.test(path))?.[1];
}

/**
 * Whether `path` is a test file (its texts, at the base and now, decide for Rust: a `.rs` file
 * outside a test folder is one when either holds `#[test]`). Dependencies are never test files.
 */
export function isTestFile(path: string, texts: readonly (string | undefined)[] = []): boolean {
  const language = languageOf(path);
  if (language === undefined || /(?:^|\/)(?:node_modules|vendor|target)\//.test(path)) return false;
  if (TEST_FOLDER.test(path)) return true;
  const name = path.slice(path.lastIndexOf('/') + 1);
  switch (language) {
    case 'js':
      return /\.(?:test|spec)\.[cm]?[jt]sx?$/.test(name);
    case 'python':
      return /^test_.*\.py$/.test(name) || /_test\.py$/.test(name);
    case 'go':
      return /_test\.go$/.test(name);
    case 'rust':
      return texts.some((t) => t !== undefined && /#\s*\[\s*test\s*\]/.test(t));
  }
}
