// ESLint flat config. The I/O fence (STYLE.md rule 5): only scripts/lib/io/** may touch the
// filesystem, child processes or git; only renderers and entry points may print.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const ioModules = [
  'node:fs',
  'node:fs/promises',
  'fs',
  'fs/promises',
  'node:child_process',
  'child_process',
  'simple-git',
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'evidence/**',
      'test/fixtures/**',
      'test/golden/**/*.md',
      '.bench/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports (STYLE.md rule 24).' },
      ],
    },
  },
  {
    files: ['scripts/**/*.ts'],
    ignores: ['scripts/lib/io/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ioModules.map((name) => ({
            name,
            message: 'I/O lives in scripts/lib/io/ only (STYLE.md rule 5).',
          })),
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.ts'],
    ignores: ['scripts/lib/render/**', 'scripts/cli.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['eslint.config.js', 'vitest.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
