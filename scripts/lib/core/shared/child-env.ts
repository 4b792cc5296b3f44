// The environment a control command sees: a documented default allowlist (references/evaluate.md),
// the names the control declares and the names or prefixes the manifest passes
// (`policies.env_pass`). Everything else stays out, and its names (never values) are reported when
// a command fails, so a missing variable is visible instead of silent.

/** The shell basics: passed always, and not worth recording with each run. */
const SHELL_BASICS = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'TZ',
  'TMPDIR',
  'TEMP',
  'TMP',
  'TERM',
] as const;

/**
 * Passed by exact name besides the basics: CI detection, locale, the toolchains' own settings and
 * flags (a CI that sets RUSTFLAGS=-Dwarnings must not get a weaker build here), the network
 * settings a build's downloads go through (proxies, CA bundles). Their names are recorded with
 * each run, so the evidence says under what environment it ran.
 */
const CI_PARITY_NAMES = [
  'CI',
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'NODE_OPTIONS',
  'VIRTUAL_ENV',
  'CONDA_PREFIX',
  'CARGO_HOME',
  'RUSTUP_HOME',
  'RUSTFLAGS',
  'RUSTDOCFLAGS',
  'RUST_BACKTRACE',
  'CC',
  'CXX',
  'CFLAGS',
  'CXXFLAGS',
  'CPPFLAGS',
  'LDFLAGS',
  'GOPATH',
  'GOCACHE',
  'GOMODCACHE',
  'GOFLAGS',
  'GOPROXY',
  'GOPRIVATE',
  'GONOSUMDB',
  'JAVA_HOME',
  'GRADLE_USER_HOME',
  'MAVEN_OPTS',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'ALL_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'all_proxy',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'NODE_EXTRA_CA_CERTS',
  'REQUESTS_CA_BUNDLE',
  'CURL_CA_BUNDLE',
  'GIT_SSL_CAINFO',
] as const;

/**
 * Passed by prefix: the package managers and cargo read their configuration from these
 * (`CARGO_BUILD_*`, `CARGO_TERM_*`, `PIP_CERT`, ...), the locale from `LC_*`.
 */
const DEFAULT_ENV_PREFIXES = [
  'npm_config_',
  'PNPM_',
  'YARN_',
  'COREPACK_',
  'PIP_',
  'UV_',
  'POETRY_',
  'CARGO_',
  'LC_',
] as const;

/**
 * A name that looks like a credential is never passed by a prefix (npm_config__authToken,
 * PIP_INDEX_URL with a password, PNPM_TOKEN, CARGO_REGISTRY_TOKEN): only an exact name in the
 * control's `env` or in `policies.env_pass` passes it.
 */
const CREDENTIAL_NAME = /KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL|AUTH|PASSWD/i;

export function isCredentialName(name: string): boolean {
  return CREDENTIAL_NAME.test(name);
}

interface ChildEnvironment {
  env: Record<string, string>;
  /** Names present in the parent that the command did not get, sorted. */
  withheld: string[];
  /** Names the command got, shell basics aside, sorted: recorded with the run (never values). */
  passed: string[];
}

export function pickEnvironment(
  parent: Readonly<Record<string, string | undefined>>,
  declared: readonly string[],
  pass: readonly string[] = [],
  /** Exact values the control sets (`execution.env_values`), over the parent's. */
  values: Readonly<Record<string, string>> = {},
): ChildEnvironment {
  const exact = new Set<string>([...SHELL_BASICS, ...CI_PARITY_NAMES, ...declared]);
  const prefixes: string[] = [...DEFAULT_ENV_PREFIXES];
  for (const p of pass) {
    if (p.endsWith('*')) prefixes.push(p.slice(0, -1));
    else exact.add(p);
  }
  const env: Record<string, string> = {};
  const withheld: string[] = [];
  for (const [name, value] of Object.entries(parent)) {
    if (value === undefined || Object.hasOwn(values, name)) continue;
    const byPrefix =
      !isCredentialName(name) && prefixes.some((p) => p !== '' && name.startsWith(p));
    if (exact.has(name) || byPrefix) env[name] = value;
    else withheld.push(name);
  }
  Object.assign(env, values);
  const basics = new Set<string>(SHELL_BASICS);
  const passed = Object.keys(env)
    .filter((n) => !basics.has(n))
    .sort();
  return { env, withheld: withheld.sort(), passed };
}

/**
 * The withheld names the failing command could have read, by a simple rule: the name appears as a
 * whole word in its argv or in its captured output (a compiler or script that names the variable
 * it missed). A variable read silently is not found this way; the others are only counted.
 */
export function relevantWithheld(
  withheld: readonly string[],
  argv: readonly string[],
  output: string,
): { named: string[]; others: number } {
  if (withheld.length === 0) return { named: [], others: 0 };
  const words = new Set<string>();
  for (const text of [...argv, output])
    for (const word of text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) words.add(word);
  const named = withheld.filter((n) => words.has(n));
  return { named, others: withheld.length - named.length };
}
