// ESLint flat config. It enforces the layer rules described in ARCHITECTURE.md: only
// scripts/lib/io/** may touch the filesystem or child processes; only the git facade
// (scripts/lib/io/git.ts and scripts/lib/io/git/**) imports simple-git or a module of io/git/, so
// everything else asks git through the front door io/git.ts; core imports nothing above it; io
// imports only core; render imports core and (type-only) flow results; nothing under lib/ but
// lib/cli/ imports lib/cli/. Only renderers and entry points may print.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const ioModules = [
  'node:fs',
  'node:fs/promises',
  'fs',
  'fs/promises',
  'node:child_process',
  'child_process',
];

// git is started by simple-git inside the facade only; everything else asks the facade a question
// through its front door, scripts/lib/io/git.ts.
const GIT_LIBRARY = {
  name: 'simple-git',
  message: 'only the git facade (scripts/lib/io/git/) starts git: ask it through io/git.ts.',
};
const GIT_MODULES = {
  regex: '(^|/)git/',
  message: 'the modules of io/git/ are the facade inside: ask git through io/git.ts.',
};

// Which layers each folder may not import. [layer, type-only imports allowed]
const layerRules = [
  {
    // the verbs and, in each verb's folder, its actions
    files: ['scripts/*.ts', 'scripts/*/*.ts'],
    ignores: ['scripts/lib/**'],
    isIo: false,
    forbid: [],
  },
  {
    files: ['scripts/lib/core/**/*.ts'],
    isIo: false,
    forbid: [['io'], ['flows'], ['render'], ['cli']],
  },
  {
    files: ['scripts/lib/io/**/*.ts'],
    ignores: ['scripts/lib/io/git.ts', 'scripts/lib/io/git/**'],
    isIo: true,
    forbid: [['flows'], ['render'], ['cli']],
  },
  {
    files: ['scripts/lib/io/git.ts', 'scripts/lib/io/git/**/*.ts'],
    isIo: true,
    isGitFacade: true,
    forbid: [['flows'], ['render'], ['cli']],
  },
  {
    files: ['scripts/lib/flows/**/*.ts'],
    isIo: false,
    forbid: [['cli']],
  },
  {
    files: ['scripts/lib/render/**/*.ts'],
    isIo: false,
    forbid: [['io'], ['cli'], ['flows', true]],
  },
  {
    files: ['scripts/lib/cli/**/*.ts'],
    isIo: false,
    forbid: [],
  },
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
      'scripts/lib/core/plane/generated/**',
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
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  ...layerRules.map(({ files, ignores, isIo, isGitFacade, forbid }) => ({
    files,
    ...(ignores === undefined ? {} : { ignores }),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            ...(isIo
              ? []
              : ioModules.map((name) => ({
                  name,
                  message: 'I/O lives in scripts/lib/io/ only (see ARCHITECTURE.md).',
                }))),
            ...(isGitFacade ? [] : [GIT_LIBRARY]),
          ],
          patterns: [
            ...forbid.map(([layer, allowTypeImports]) => ({
              regex: `(^|/)${layer}/`,
              ...(allowTypeImports ? { allowTypeImports: true } : {}),
              message: `this layer may not import scripts/lib/${layer}/ (layer rules: ARCHITECTURE.md).`,
            })),
            ...(isGitFacade ? [] : [GIT_MODULES]),
          ],
        },
      ],
    },
  })),
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
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    // bin/package.json makes bin/*.js CommonJS: the command's entry starts without Node's ES
    // module loader (bin/proofgate.js); the build's own scripts there are .mjs.
    files: ['bin/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
