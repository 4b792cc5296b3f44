// The environment a control command sees: a fixed allowlist plus the names the control declares.
// Everything else (CI tokens, cloud credentials, the agent's own keys) stays out.

const BASE_ENV_ALLOWLIST = ['PATH', 'HOME', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR'] as const;

export function pickEnvironment(
  parent: Readonly<Record<string, string | undefined>>,
  declared: readonly string[],
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of [...BASE_ENV_ALLOWLIST, ...declared]) {
    const value = parent[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}
