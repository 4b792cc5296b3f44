// A command that exits 127 because a tool it calls is not installed did not judge the code: it is
// BLOCKED (environment), named by the tool, never a FAIL like failing tests.

const NOT_FOUND = [
  // GNU make running a recipe line itself: `make: clang-tidy: No such file or directory`
  /(?:^|\n)make(?:\[\d+\])?: ([^\s:]+): No such file or directory/,
  // `sh: 1: xo: not found`, `bash: line 1: cargo: command not found`, `sh: pytest: command not found`
  /(?:^|\n)(?:[^\n]*?: )?([^\s:]+): (?:command )?not found/,
  /(?:^|\n)([^\s:]+): No such file or directory/,
];

// make exits 2 when a recipe line exited 127, and says so: `make: *** [Makefile:28: lint] Error 127`.
const MAKE_127 = /(?:^|\n)g?make(?:\[\d+\])?: \*\*\* \[[^\n\]]*\] Error 127\s*(?:\n|$)/;

/**
 * The missing tool's name when `exitCode` is 127 (or make reports a recipe's 127) and the output
 * says so; otherwise undefined.
 */
export function findMissingTool(exitCode: number | null, output: string): string | undefined {
  if (exitCode !== 127 && !(exitCode === 2 && MAKE_127.test(output))) return undefined;
  for (const pattern of NOT_FOUND) {
    const match = pattern.exec(output);
    if (match?.[1] !== undefined) return match[1];
  }
  return 'a command (exit 127: command not found)';
}

/**
 * Where a project's tools come from, by the file that pins them, first match wins: the command
 * that installs them as the lockfile says. Re-running the control alone cannot help while the
 * tool is missing, and no proofgate flag installs anything: installing stays a person's step.
 */
const INSTALLERS: readonly (readonly [file: string, install: string])[] = [
  ['pnpm-lock.yaml', 'pnpm install --frozen-lockfile'],
  ['yarn.lock', 'yarn install --frozen-lockfile'],
  ['bun.lock', 'bun install --frozen-lockfile'],
  ['bun.lockb', 'bun install --frozen-lockfile'],
  ['package-lock.json', 'npm ci'],
  ['npm-shrinkwrap.json', 'npm ci'],
  ['package.json', 'npm install'],
  ['uv.lock', 'uv sync'],
  ['poetry.lock', 'poetry install'],
  ['Pipfile.lock', 'pipenv sync --dev'],
  ['requirements.txt', 'python -m pip install -r requirements.txt'],
];

/** The files `installCommand` looks for at the repository root. */
export const INSTALL_FILES: readonly string[] = INSTALLERS.map(([file]) => file);

/** The install command for the first of `present` that pins dependencies; undefined for none. */
export function installCommand(present: ReadonlySet<string>): string | undefined {
  return INSTALLERS.find(([file]) => present.has(file))?.[1];
}

/** The next step of a missing tool: install the dependencies, then run the control again. */
export function missingToolNext(rerun: string, present: ReadonlySet<string>): string {
  const install = installCommand(present);
  return install === undefined ? rerun : `${install} && ${rerun}`;
}
