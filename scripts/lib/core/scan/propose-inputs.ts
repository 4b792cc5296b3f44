// The `inputs` scan proposes for a command, from its ecosystem's conventions: what a test run
// reads (every source and test file of the kind, the manifest, the lockfile, the test config),
// what a linter reads (the sources, its config, the manifest and lockfile that pin it), what a
// build reads. A command whose role or kind is not recognised gets no proposal: it keeps covering
// the whole tree. Every glob proposed matches at least one of the listed files.
import { matchesGlob } from '../shared/pathspec.ts';
import { OWN_LOCKFILES } from './inventory.ts';
import { projectKinds, type ProjectKind } from './project-kind.ts';
import type { ProposedInputs } from './types.ts';

interface CommandWords {
  id: string;
  argv: readonly string[];
}

type InputsRole = ProposedInputs['role'];
type Kind = Exclude<ProjectKind, 'other'>;

interface Conventions {
  /** Source file extensions: every file with one is an input, wherever it lies. */
  sources: readonly string[];
  manifests: readonly string[];
  config: Record<InputsRole, readonly string[]>;
}

const JS_TS_CONFIG = ['**/tsconfig*.json', 'jsconfig.json', 'babel.config.*', '.babelrc*'];

const CONVENTIONS: Record<Kind, Conventions> = {
  npm: {
    sources: ['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs', 'vue', 'svelte'],
    manifests: ['**/package.json', 'pnpm-workspace.yaml', '.npmrc', '.yarnrc', '.yarnrc.yml'],
    config: {
      test: [
        ...JS_TS_CONFIG,
        'vitest.config.*',
        'vitest.workspace.*',
        'vite.config.*',
        'jest.config.*',
        '.mocharc.*',
        'ava.config.*',
        'playwright.config.*',
      ],
      lint: [
        ...JS_TS_CONFIG,
        'eslint.config.*',
        '.eslintrc*',
        '.eslintignore',
        'prettier.config.*',
        '.prettierrc*',
        '.prettierignore',
        'biome.json',
        'biome.jsonc',
      ],
      build: [
        ...JS_TS_CONFIG,
        'vite.config.*',
        'rollup.config.*',
        'webpack.config.*',
        'tsup.config.*',
      ],
    },
  },
  python: {
    sources: ['py', 'pyi', 'pyx', 'pxd'],
    // not MANIFEST.in: what a package ships, and a file init may write holding only its own lines
    manifests: ['pyproject.toml', 'setup.cfg', 'requirements*.txt', 'Pipfile'],
    config: {
      test: ['pytest.ini', '.pytest.ini', 'tox.ini', '.coveragerc'],
      lint: [
        'ruff.toml',
        '.ruff.toml',
        '.flake8',
        '.pylintrc',
        'pylintrc',
        'mypy.ini',
        '.mypy.ini',
        'tox.ini',
      ],
      build: [],
    },
  },
  rust: {
    sources: ['rs'],
    manifests: [
      '**/Cargo.toml',
      'rust-toolchain',
      'rust-toolchain.toml',
      '.cargo/config.toml',
      '.cargo/config',
    ],
    config: {
      test: [],
      lint: ['clippy.toml', '.clippy.toml', 'rustfmt.toml', '.rustfmt.toml'],
      build: [],
    },
  },
  go: {
    sources: ['go', 's'],
    // go.work.sum: a workspace's lockfile, beside the module's own (OWN_LOCKFILES).
    manifests: ['go.mod', 'go.work', 'go.work.sum'],
    config: {
      test: [],
      lint: ['.golangci.yml', '.golangci.yaml', '.golangci.toml', '.golangci.json'],
      build: [],
    },
  },
};

// The first program word that names the kind; make, just and CI steps name none (every kind then).
const KIND_OF_PROGRAM: Record<string, Kind> = {
  cargo: 'rust',
  go: 'go',
  pytest: 'python',
  'py.test': 'python',
  python: 'python',
  python3: 'python',
  tox: 'python',
  nox: 'python',
  uv: 'python',
  poetry: 'python',
  hatch: 'python',
  pdm: 'python',
  ruff: 'python',
  mypy: 'python',
  npm: 'npm',
  npx: 'npm',
  pnpm: 'npm',
  yarn: 'npm',
  bun: 'npm',
  node: 'npm',
  tsc: 'npm',
  eslint: 'npm',
  vitest: 'npm',
  jest: 'npm',
};

const LINT =
  /(^|[^a-z])(lint|eslint|ruff|flake8|pylint|clippy|golangci-lint|vet|fmt|format|prettier|black|isort|mypy|pyright|tsc|typecheck|type-check|types)([^a-z]|$)/;
const TEST =
  /(^|[^a-z])(test|tests|pytest|py\.test|unittest|tox|nox|spec|jest|vitest|mocha|ava)([^a-z]|$)/;
const BUILD = /(^|[^a-z])(build|compile|bundle|dist)([^a-z]|$)/;

/** What a command does, as far as its id and words tell: lint, test or build (else undefined). */
export function inputsRoleOf(candidate: CommandWords): InputsRole | undefined {
  const words = [candidate.id, ...candidate.argv].join(' ').toLowerCase();
  if (LINT.test(words)) return 'lint';
  if (TEST.test(words)) return 'test';
  if (BUILD.test(words)) return 'build';
  return undefined;
}

function kindsOf(candidate: CommandWords, project: readonly Kind[]): Kind[] {
  const prefix = candidate.id.split(':')[0] ?? '';
  const named =
    { npm: 'npm', python: 'python', cargo: 'rust', go: 'go' }[prefix] ??
    KIND_OF_PROGRAM[(candidate.argv[0] ?? '').replace(/^.*\//, '')];
  if (named !== undefined && project.includes(named as Kind)) return [named as Kind];
  return [...project];
}

// Dot folders (the agent's settings and skill folders, .github, .cargo) and installed packages are
// not a project's sources; a source file there is still covered by the `**/*.<ext>` globs.
const NOT_A_SOURCE_DIR = /^(\.|node_modules$|target$)/;

/**
 * Every top folder holding a source file of the kinds, whole (a package's data files and a test
 * folder's fixtures are read by its tests), and `**\/*.<ext>` for each source extension present.
 */
function sourceGlobs(paths: readonly string[], extensions: ReadonlySet<string>): string[] {
  const dirs = new Set<string>();
  const found = new Set<string>();
  for (const path of paths) {
    const ext = /\.([A-Za-z0-9]+)$/.exec(path)?.[1];
    if (ext === undefined || !extensions.has(ext)) continue;
    found.add(ext);
    const top = path.includes('/') ? path.slice(0, path.indexOf('/')) : undefined;
    if (top !== undefined && !NOT_A_SOURCE_DIR.test(top)) dirs.add(top);
  }
  return [...[...dirs].sort(), ...[...found].sort().map((ext) => `**/*.${ext}`)];
}

/**
 * The inputs to propose for `candidate` in a project whose files (relative to the root, the
 * plane's excluded) are `paths`; `testDirs` are scan's test folders. Undefined when the command's
 * role or the project's kind is not known: no `inputs` then, the whole tree is its input.
 */
export function proposeInputs(
  candidate: CommandWords,
  paths: readonly string[],
  testDirs: readonly string[],
): ProposedInputs | undefined {
  const role = inputsRoleOf(candidate);
  const project = projectKinds(paths.filter((p) => !p.includes('/')));
  if (role === undefined || project.length === 0) return undefined;
  const kinds = kindsOf(candidate, project);
  const extensions = new Set(kinds.flatMap((k) => CONVENTIONS[k].sources));
  const sources = sourceGlobs(paths, extensions);
  if (sources.length === 0) return undefined;
  const wanted = [
    ...sources,
    ...(role === 'test' ? testDirs : []),
    ...kinds.flatMap((k) => [
      ...CONVENTIONS[k].manifests,
      ...OWN_LOCKFILES[k],
      ...CONVENTIONS[k].config[role],
    ]),
  ];
  const globs: string[] = [];
  for (const glob of wanted) {
    if (globs.includes(glob)) continue;
    // a folder inside one already proposed adds nothing
    if (!/[*?[]/.test(glob) && globs.some((g) => !/[*?[]/.test(g) && glob.startsWith(`${g}/`)))
      continue;
    if (paths.some((p) => matchesGlob(p, glob))) globs.push(glob);
  }
  return { role, kinds, globs };
}
