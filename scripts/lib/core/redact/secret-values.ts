// Which secret values redaction replaces: the literal values of secret-named environment
// variables and of every variable the plane declares. Kept apart from the secret shapes
// (redact.ts, which loads secretlint's rules) so that a process which only collects the values,
// or only reads the ledger, does not load the shape rules.
/** Environment variable names whose values are always treated as secrets. */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL/i;
/** Values shorter than this are too common to redact without mangling ordinary output. */
export const MIN_SECRET_LENGTH = 4;

export interface RedactionRules {
  /** Literal secret values, longest first. */
  secrets: string[];
  /** Absolute checkout paths (as given and resolved), replaced by [PROJECT_ROOT]. */
  roots: string[];
}

const at = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * Every environment variable name a plane declares: `policies.evidence.redact_env`, the names any
 * command control passes (`execution.env`) and `policies.env_pass` (names or `PREFIX*`). Their
 * values reach commands, so they are redacted whatever the names look like. Read defensively, so
 * a manifest or registry that does not validate still yields the names it holds.
 */
export function declaredEnvNames(manifest: unknown, registry: unknown): string[] {
  const policies = at(manifest, 'policies');
  const names = [
    ...strings(at(at(policies, 'evidence'), 'redact_env')),
    ...strings(at(policies, 'env_pass')),
  ];
  const controls = at(registry, 'controls');
  for (const control of Array.isArray(controls) ? controls : [])
    names.push(...strings(at(at(control, 'execution'), 'env')));
  return names;
}

/**
 * Secret values from the environment: names matching KEY/TOKEN/SECRET/PASSWORD/CREDENTIAL, plus
 * every name in `declared` (an entry ending in `*` names a prefix).
 */
export function collectSecrets(
  env: Readonly<Record<string, string | undefined>>,
  declared: readonly string[],
): string[] {
  const exact = new Set(declared.filter((n) => !n.endsWith('*')));
  const prefixes = declared
    .filter((n) => n.length > 1 && n.endsWith('*'))
    .map((n) => n.slice(0, -1));
  const values = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value.length < MIN_SECRET_LENGTH) continue;
    if (SECRET_NAME.test(name) || exact.has(name) || prefixes.some((p) => name.startsWith(p)))
      values.add(value);
  }
  return [...values].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
}
