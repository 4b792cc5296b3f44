// Secret redaction for review copies, recorded argv and typed text. The raw digest still binds the
// unredacted stream; redaction only decides what a reader of the evidence object or the ledger can
// see. Known secret shapes come from secret-patterns.ts; the literal values of secret-named
// environment variables and of every variable the plane declares are added.
import { redactSecretShapes } from './secret-patterns.ts';

/** Environment variable names whose values are always treated as secrets. */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL/i;
/** Values shorter than this are too common to redact without mangling ordinary output. */
const MIN_SECRET_LENGTH = 4;

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

export function redactText(text: string, rules: RedactionRules): string {
  let out = text;
  for (const secret of rules.secrets) out = out.split(secret).join('[REDACTED]');
  out = redactSecretShapes(out);
  const roots = [...new Set(rules.roots.filter((r) => r.length > 1))].sort(
    (a, b) => b.length - a.length,
  );
  for (const root of roots) out = out.split(root).join('[PROJECT_ROOT]');
  return out;
}

/** A flag whose next argument is a secret (`--password hunter2` given as two arguments). */
const SECRET_FLAG =
  /^-{1,2}(?:password|passwd|pass|pwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?token)$/i;

/** An argv as it is recorded: each argument redacted, and the value after a secret flag dropped. */
export function redactArgv(argv: readonly string[], rules: RedactionRules): string[] {
  return argv.map((arg, i) =>
    i > 0 && SECRET_FLAG.test(argv[i - 1]!) && !arg.startsWith('-')
      ? '[REDACTED]'
      : redactText(arg, rules),
  );
}

/**
 * Redacts a secret cut in two by head+tail truncation: the head may end with a prefix of one and
 * the tail may start with a suffix of one.
 */
export function redactCutEdges(
  head: string,
  tail: string,
  secrets: readonly string[],
): [string, string] {
  let h = head;
  let t = tail;
  for (const secret of secrets) {
    for (let n = secret.length - 1; n >= MIN_SECRET_LENGTH; n--) {
      if (h.endsWith(secret.slice(0, n))) {
        h = `${h.slice(0, h.length - n)}[REDACTED]`;
        break;
      }
    }
    for (let n = secret.length - 1; n >= MIN_SECRET_LENGTH; n--) {
      if (t.startsWith(secret.slice(secret.length - n))) {
        t = `[REDACTED]${t.slice(n)}`;
        break;
      }
    }
  }
  return [h, t];
}
