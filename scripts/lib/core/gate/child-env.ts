// The environment a control command sees: a documented default allowlist (references/evaluate.md),
// the names the control declares and the names or prefixes the manifest passes
// (`policies.env_pass`). Everything else stays out, and its names (never values) are reported when
// a command fails, so a missing variable is visible instead of silent.

/** Passed by exact name: the shell basics, CI detection and the toolchains' own settings. */
const DEFAULT_ENV_NAMES = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  'TMPDIR',
  'TEMP',
  'TMP',
  'TERM',
  'CI',
  'NODE_OPTIONS',
  'VIRTUAL_ENV',
  'CONDA_PREFIX',
  'CARGO_HOME',
  'RUSTUP_HOME',
  'GOPATH',
  'GOCACHE',
  'GOMODCACHE',
  'GOFLAGS',
  'JAVA_HOME',
  'GRADLE_USER_HOME',
  'MAVEN_OPTS',
] as const;

/** Passed by prefix: package managers read their configuration from these. */
const DEFAULT_ENV_PREFIXES = [
  'npm_config_',
  'PNPM_',
  'YARN_',
  'COREPACK_',
  'PIP_',
  'UV_',
  'POETRY_',
] as const;

/**
 * A name that looks like a credential is never passed by a prefix (npm_config__authToken,
 * PIP_INDEX_URL with a password, PNPM_TOKEN): only an exact name in the control's `env` or in
 * `policies.env_pass` passes it.
 */
const CREDENTIAL_NAME = /KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL|AUTH|PASSWD/i;

interface ChildEnvironment {
  env: Record<string, string>;
  /** Names present in the parent that the command did not get, sorted. */
  withheld: string[];
}

export function pickEnvironment(
  parent: Readonly<Record<string, string | undefined>>,
  declared: readonly string[],
  pass: readonly string[] = [],
): ChildEnvironment {
  const exact = new Set<string>([...DEFAULT_ENV_NAMES, ...declared]);
  const prefixes: string[] = [...DEFAULT_ENV_PREFIXES];
  for (const p of pass) {
    if (p.endsWith('*')) prefixes.push(p.slice(0, -1));
    else exact.add(p);
  }
  const env: Record<string, string> = {};
  const withheld: string[] = [];
  for (const [name, value] of Object.entries(parent)) {
    if (value === undefined) continue;
    const byPrefix =
      !CREDENTIAL_NAME.test(name) && prefixes.some((p) => p !== '' && name.startsWith(p));
    if (exact.has(name) || byPrefix) env[name] = value;
    else withheld.push(name);
  }
  return { env, withheld: withheld.sort() };
}
