// The configuration files each tool reads on its own, by the names it looks for: bound whole, since
// any key in them can change what runs (a test pattern, a setup file, a shell, a filter).

const JS_EXTENSIONS = ['js', 'mjs', 'cjs', 'ts', 'mts', 'cts'] as const;

function withExtensions(stem: string, extensions: readonly string[] = JS_EXTENSIONS): string[] {
  return extensions.map((ext) => `${stem}.${ext}`);
}

/** A JavaScript test runner and where it reads its configuration. */
export interface RunnerConfig {
  /** Files next to the package (relative to the command's directory). */
  files: string[];
  /** A key of package.json the runner reads, e.g. `jest`. */
  packageKey?: string;
  /** Flags whose next word names a config file instead. */
  configFlags: string[];
}

const VITEST: RunnerConfig = {
  files: [
    ...withExtensions('vitest.config'),
    ...withExtensions('vite.config'),
    ...withExtensions('vitest.workspace', [...JS_EXTENSIONS, 'json']),
  ],
  configFlags: ['--config', '-c', '--workspace'],
};

/** The runners by the command word that starts them. */
export const JS_RUNNERS: Readonly<Record<string, RunnerConfig>> = {
  vitest: VITEST,
  vite: VITEST,
  jest: {
    files: [...withExtensions('jest.config'), 'jest.config.json'],
    packageKey: 'jest',
    configFlags: ['--config', '-c'],
  },
  mocha: {
    files: [
      '.mocharc.js',
      '.mocharc.cjs',
      '.mocharc.mjs',
      '.mocharc.json',
      '.mocharc.jsonc',
    ].concat(['.mocharc.yaml', '.mocharc.yml']),
    packageKey: 'mocha',
    configFlags: ['--config', '--package'],
  },
  ava: {
    files: withExtensions('ava.config', ['js', 'cjs', 'mjs']),
    packageKey: 'ava',
    configFlags: ['--config'],
  },
  playwright: {
    files: withExtensions('playwright.config'),
    configFlags: ['--config', '-c'],
  },
};

/** The files that change how pytest collects and runs (conftest.py: every one in the listing). */
export const PYTEST_FILES = ['pytest.ini', '.pytest.ini', 'pyproject.toml', 'setup.cfg', 'tox.ini'];

/** What cargo reads besides every Cargo.toml: aliases, rustflags, runners. */
export const CARGO_FILES = ['.cargo/config.toml', '.cargo/config'];

export const MAKEFILES = ['GNUmakefile', 'makefile', 'Makefile'];
export const JUSTFILES = ['justfile', 'Justfile', '.justfile', 'JUSTFILE'];

/** The package managers' own configuration: how they run scripts (script-shell, node-options…). */
export const MANAGER_FILES: Readonly<Record<'npm' | 'pnpm' | 'yarn', string[]>> = {
  npm: ['.npmrc'],
  pnpm: ['.npmrc', 'pnpm-workspace.yaml'],
  yarn: ['.npmrc', '.yarnrc', '.yarnrc.yml'],
};
