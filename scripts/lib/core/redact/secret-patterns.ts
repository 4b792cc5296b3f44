// Secret shapes that are redacted wherever proofgate stores text someone typed or a command
// printed: review copies, recorded argv, and the typed fields of ledger entries and knowledge
// records. Vendor tokens come first from secretlint's maintained recommended preset
// (secretlint-spans.ts); this table adds what that preset does not cover or covers more narrowly:
// shapes after gitleaks' default rules (MIT, rule ids kept as `id` so a rule can be compared with
// its source) and generic ones of our own (`proofgate-…`): bearer headers, credentials in URLs,
// `password=`/`--password value`, bare JWTs. Every pattern is a prefix or a keyword followed by
// bounded character classes, with no nested quantifiers, so matching stays linear in the text's
// length.
import { redactSecretlintSpans } from './secretlint-spans.ts';

export interface SecretPattern {
  /** The gitleaks rule id (or `proofgate-…` for shapes of our own). */
  id: string;
  pattern: RegExp;
  /** Replacement text; `$1` keeps a captured prefix (a key name or a URL scheme). */
  replacement: string;
}

const R = '[REDACTED]';

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  // PEM private key blocks of any algorithm (RSA, EC, OPENSSH, PGP, ...), header to footer.
  {
    id: 'private-key',
    pattern:
      /-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----/g,
    replacement: '[REDACTED PRIVATE KEY]',
  },
  // GitHub personal access, OAuth, user-to-server, server-to-server and refresh tokens.
  { id: 'github-pat', pattern: /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g, replacement: R },
  // GitHub fine-grained personal access tokens.
  {
    id: 'github-fine-grained-pat',
    pattern: /\bgithub_pat_[A-Za-z0-9_]{22,255}\b/g,
    replacement: R,
  },
  // GitLab personal, pipeline, runner and deploy tokens.
  {
    id: 'gitlab-pat',
    pattern: /\bgl(?:pat|ptt|rt|dt|cbt|soat)-[A-Za-z0-9_-]{20,}\b/g,
    replacement: R,
  },
  // AWS access key ids (long-term AKIA, temporary ASIA, and the other documented prefixes); the
  // preset skips the documented example id and knows fewer prefixes.
  {
    id: 'aws-access-token',
    pattern: /\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b/g,
    replacement: R,
  },
  // Slack bot, user, app-level, configuration and legacy workspace tokens (xoxb-, xoxp-, xapp-, ...).
  { id: 'slack-token', pattern: /\bxox[abeoprs]-[A-Za-z0-9-]{10,250}/g, replacement: R },
  { id: 'slack-app-token', pattern: /\bxapp-\d-[A-Za-z0-9-]{10,250}/gi, replacement: R },
  // Slack incoming webhooks.
  {
    id: 'slack-webhook-url',
    pattern: /hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+/]{43,56}/g,
    replacement: `hooks.slack.com/${R}`,
  },
  // Stripe secret and restricted keys, live and test (sk_live_, rk_test_, ...).
  {
    id: 'stripe-access-token',
    pattern: /\b(?:sk|rk)_(?:test|live|prod)_[A-Za-z0-9]{10,99}\b/g,
    replacement: R,
  },
  // Google Cloud / Firebase / Maps API keys.
  { id: 'gcp-api-key', pattern: /\bAIza[A-Za-z0-9_-]{35}/g, replacement: R },
  // PyPI upload tokens.
  {
    id: 'pypi-upload-token',
    pattern: /\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,1000}/g,
    replacement: R,
  },
  // OpenAI project, service-account, admin and legacy keys (sk-…), and other `sk-` shaped keys.
  { id: 'openai-api-key', pattern: /\bsk-[A-Za-z0-9_-]{20,200}/g, replacement: R },
  // Twilio API keys.
  { id: 'twilio-api-key', pattern: /\bSK[0-9a-fA-F]{32}\b/g, replacement: R },
  // DigitalOcean personal access, OAuth and refresh tokens.
  { id: 'digitalocean-token', pattern: /\bdo[opr]_v1_[a-f0-9]{64}\b/g, replacement: R },
  // Postman API keys.
  { id: 'postman-api-token', pattern: /\bPMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}\b/g, replacement: R },
  // Atlassian API tokens (ATATT3…).
  { id: 'atlassian-api-token', pattern: /\bATATT3[A-Za-z0-9_=-]{186}/g, replacement: R },
  // Age encryption secret keys.
  {
    id: 'age-secret-key',
    pattern: /\bAGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}\b/g,
    replacement: R,
  },
  // JSON Web Tokens (header.payload.signature, both base64url JSON objects starting with `ey`).
  {
    id: 'jwt',
    pattern: /\bey[A-Za-z0-9_-]{10,}\.ey[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}={0,2}/g,
    replacement: R,
  },
  // HTTP bearer credentials in headers or commands.
  {
    id: 'proofgate-bearer',
    pattern: /\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/g,
    replacement: `Bearer ${R}`,
  },
  // HTTP basic credentials in an Authorization header (only in the header: "Basic" alone is prose).
  {
    id: 'proofgate-basic-auth-header',
    pattern: /(\bAuthorization["']?\s{0,5}[:=]\s{0,5}["']?Basic\s{1,5})[A-Za-z0-9+/=]{8,400}/gi,
    replacement: `$1${R}`,
  },
  // Credentials inside URLs (scheme://user:password@host).
  {
    id: 'proofgate-url-credentials',
    pattern: /(:\/\/)[^\s/@:]+:[^\s/@]+@/g,
    replacement: `$1${R}@`,
  },
  // Key = value assignments whose key names a secret (password=…, DB_PASS: …, api-key=…,
  // client_secret=…): the keyword rule of gitleaks' generic-api-key, reduced to its key names.
  // The match starts at the keyword, so a prefix such as `DB_` costs no backtracking; the key and
  // the separator are kept, the value is replaced. `pass` and `pwd` alone must not end a longer
  // word (`bypass=` is no secret).
  {
    id: 'generic-api-key',
    pattern:
      /((?:password|passwd|(?<![a-z])(?:pass|pwd)|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credentials?|auth)["']?\s{0,5}[:=]\s{0,5}["']?)(?!\[REDACTED)[^\s"',;]{3,200}/gi,
    replacement: `$1${R}`,
  },
  // A secret passed as the next argument of a command-line flag: `--password hunter2`,
  // `--token "abc"`, `-pwd x` (the `=` form is the rule above). A value starting with `-` is the
  // next flag, not a secret.
  {
    id: 'proofgate-secret-flag',
    pattern:
      /((?<!\S)-{1,2}(?:password|passwd|pass|pwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?token)[ \t]{1,5}["']?)(?![-[])[^\s"']{1,200}/gi,
    replacement: `$1${R}`,
  },
];

/** Applies every pattern of the table in order, then secretlint's recommended rules. */
export function redactSecretShapes(text: string): string {
  let out = text;
  for (const { pattern, replacement } of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  return redactSecretlintSpans(out);
}
