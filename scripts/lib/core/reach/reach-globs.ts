// The files a command's reach may read, as input globs named by the tools its argv starts (no file
// is read): a control that declares `inputs` binds them too, so editing `.npmrc` or a runner's
// config stales its result like editing an input (references/bindings.md, "inputs").
import { posix } from 'node:path';
import { JS_RUNNERS } from './config-files.ts';
import { splitCommands } from './shell-words.ts';

const JS_GLOBS = [
  'package.json',
  '.npmrc',
  '.yarnrc',
  '.yarnrc.yml',
  'pnpm-workspace.yaml',
  'vitest.config.*',
  'vite.config.*',
  'vitest.workspace.*',
  'jest.config.*',
  '.mocharc.*',
  'ava.config.*',
  'playwright.config.*',
];
const PYTHON_GLOBS = [
  'pytest.ini',
  '.pytest.ini',
  'pyproject.toml',
  'setup.cfg',
  'tox.ini',
  'noxfile.py',
  '**/conftest.py',
];
const TOOL_GLOBS: Record<string, readonly string[]> = {
  npm: JS_GLOBS,
  pnpm: JS_GLOBS,
  yarn: JS_GLOBS,
  npx: JS_GLOBS,
  pnpx: JS_GLOBS,
  bunx: JS_GLOBS,
  pytest: PYTHON_GLOBS,
  'py.test': PYTHON_GLOBS,
  tox: PYTHON_GLOBS,
  nox: PYTHON_GLOBS,
  cargo: ['**/Cargo.toml', '.cargo/config.toml', '.cargo/config'],
  make: ['GNUmakefile', 'makefile', 'Makefile', '**/*.mk'],
  gmake: ['GNUmakefile', 'makefile', 'Makefile', '**/*.mk'],
  just: ['justfile', 'Justfile', '.justfile'],
};
for (const runner of Object.keys(JS_RUNNERS)) TOOL_GLOBS[runner] ??= JS_GLOBS;

/** A path a shell script is named by: `./t.sh`, `scripts/t.sh`. */
function scriptPath(word: string): string | undefined {
  if (!/\.(sh|bash)$/.test(word) && !word.startsWith('./')) return undefined;
  const path = posix.normalize(word);
  return path.startsWith('..') || posix.isAbsolute(path) || /[*?[\]{}:\\]/.test(path)
    ? undefined
    : path;
}

/** The globs (relative to the root, in `cwd`) of the files the tools in `argv` read. */
export function reachGlobs(argv: readonly string[], cwd?: string): string[] {
  const words = argv.flatMap((a) => splitCommands(a).commands.flat());
  const found = new Set<string>();
  for (const word of words) {
    const name = posix.basename(word);
    for (const glob of TOOL_GLOBS[name] ?? []) found.add(glob);
    if (name === 'python' || name === 'python3') {
      if (words.includes('pytest') || words.includes('tox') || words.includes('nox'))
        for (const glob of PYTHON_GLOBS) found.add(glob);
      // `python -m X` runs an X.py or X/ package in its directory first (resolve-reach.ts).
      const module = words[words.indexOf('-m') + 1];
      if (words.includes('-m') && module !== undefined && /^[A-Za-z_][\w.]*$/.test(module)) {
        const path = module.split('.').join('/');
        for (const glob of [`${path}.py`, `${path}/__init__.py`, `${path}/__main__.py`])
          found.add(glob);
      }
    }
    const script = scriptPath(word);
    if (script !== undefined) found.add(script);
  }
  const dir = cwd === undefined || cwd === '' || cwd === '.' ? '' : `${posix.normalize(cwd)}/`;
  return [...found].map((g) => `${dir}${g}`);
}
