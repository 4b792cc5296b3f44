// Secret redaction for review copies, recorded argv and typed text. The raw digest still binds the
// unredacted stream; redaction only decides what a reader of the evidence object or the ledger can
// see. Known secret shapes come from secret-patterns.ts; the literal values of secret-named
// environment variables and of every variable the plane declares (secret-values.ts) are added.
import { redactSecretShapes } from './secret-patterns.ts';
import { MIN_SECRET_LENGTH, type RedactionRules } from './secret-values.ts';

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
