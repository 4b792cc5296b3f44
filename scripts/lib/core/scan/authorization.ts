// Which authorizations a command needs before it may run as a control: installing dependencies,
// production mutation and privilege are never implied by adopting a command. Publishing, deploying,
// downloading and rewriting come from the risk classes (risk-class.ts).
import type { AuthorizationKind } from '../shared/authority.ts';

const PATTERNS: readonly [AuthorizationKind, RegExp][] = [
  ['install_dependencies', /\b(npm|pnpm|bun)\s+(install|i|ci|add|update|upgrade)\b/],
  ['install_dependencies', /^yarn\s*$|\byarn\s+(install|add|upgrade)\b/],
  ['install_dependencies', /\b(pip3?|uv\s+pip)\s+install\b|\bpython3?\s+-m\s+pip\s+install\b/],
  ['install_dependencies', /\b(poetry|uv|pipenv)\s+(install|add|sync|lock)\b/],
  [
    'install_dependencies',
    /\bcargo\s+(add|install|update|fetch)\b|\bgo\s+(get|install)\b|\bgo\s+mod\s+download\b/,
  ],
  [
    'install_dependencies',
    /\b(apt|apt-get|brew|apk|dnf|yum|gem|bundle|composer)\s+(install|add|require)\b/,
  ],
  [
    'production_mutation',
    /\bterraform\s+(apply|destroy)\b|\bkubectl\s+(apply|delete|rollout)\b|\bhelm\s+(install|upgrade|uninstall)\b/,
  ],
  ['privileged', /(^|\s)sudo\s/],
];

/** The authorizations `texts` (argv joined, script bodies, target names) call for, deduplicated. */
export function classifyAuthorization(texts: readonly string[]): AuthorizationKind[] {
  const found = new Set<AuthorizationKind>();
  for (const text of texts) {
    for (const [kind, pattern] of PATTERNS) if (pattern.test(text)) found.add(kind);
  }
  return [...found].sort();
}
