// What a command does beyond checking the code: publish, deploy, download, run forever, rewrite
// files, open a browser, or run an inline script. Scan shows the classes, adopt and evaluate turn
// them into required authorizations (or a refusal), and status, claim and the report show inline
// scripts as such.
import type { AuthorizationKind } from '../shared/authority.ts';

export const RISK_CLASSES = [
  'publishes',
  'deploys',
  'downloads',
  'server',
  'rewrites',
  'browser',
  'inline',
] as const;
export type RiskClass = (typeof RISK_CLASSES)[number];

/** What each class needs: an authorization kind to adopt and run, a refusal, or only a label. */
export const RISK_CONSEQUENCES = {
  publishes: { authorization: 'publish' },
  deploys: { authorization: 'deploy' },
  downloads: { authorization: 'install_dependencies' },
  rewrites: { authorization: 'rewrite_files' },
  server: { refuse: 'starts a server or watcher that never exits' },
  browser: { refuse: 'opens a browser' },
  inline: { label: 'inline script' },
} as const satisfies Record<
  RiskClass,
  { authorization: AuthorizationKind } | { refuse: string } | { label: string }
>;

const WORD_END = '(?![\\w:.-])';
const PATTERNS: readonly [RiskClass, RegExp][] = [
  ['publishes', /\b(npm|pnpm|yarn|cargo|poetry|gem|flit|hatch|changeset)\s+publish\b/],
  [
    'publishes',
    new RegExp(`(?<![\\w:.-])(publish|release|semantic-release|goreleaser)${WORD_END}`),
  ],
  ['publishes', /--publish(Only)?\b|\btwine\s+upload\b|\bgh\s+release\b/],
  ['deploys', new RegExp(`(?<![\\w:.-])deploy${WORD_END}`)],
  ['deploys', /\bgit\s+push\b|\b(docker|podman)\s+push\b|\bgh-pages\b/],
  [
    'deploys',
    /\bterraform\s+(apply|destroy)\b|\bkubectl\s+(apply|delete|rollout)\b|\bhelm\s+(install|upgrade)\b/,
  ],
  ['downloads', /\b(npm|pnpm|bun)\s+(install|i|ci|add|update|upgrade)\b|\byarn\s+(install|add)\b/],
  ['downloads', /\b(pip3?|uv\s+pip)\s+install\b|\b(poetry|pipenv)\s+install\b/],
  ['downloads', /\bcargo\s+(install|fetch)\b|\bgo\s+(get|install)\b|\bgo\s+mod\s+download\b/],
  ['downloads', /\bplaywright\s+install\b|\b(pnpm|yarn)\s+dlx\b|\bbunx\b|\bnpx\s+(-y|--yes)\b/],
  ['downloads', /\b(curl|wget)\s|\b(docker|podman)\s+pull\b/],
  // `dev`, `serve`, `start`, `watch` as the command or its subcommand, not as an argument value
  ['server', /(^|[;&|]\s*)(\S+\s+)?(run\s+)?(dev|serve|start|watch)(?![\w.-])/m],
  ['server', /--watch\b|\bnodemon\b|\bhttp-server\b|\bwebpack-dev-server\b/],
  ['rewrites', /--fix\b|--write\b|(^|\s)-w(\s|$)|:fix\b|\bgo\s+fmt\b/],
  ['rewrites', new RegExp(`(?<![\\w:.-])(format|fmt)${WORD_END}(?!.*--check)`)],
  ['browser', /(^|\s|&&|;)(open|xdg-open)\s|--open\b/],
  ['inline', /(^|\s|\/)(sh|bash|zsh|dash|ksh)\s+-[a-z]*c\b/],
  ['inline', /(^|\s|\/)(node|deno|bun)\s+(-e|--eval|-p|--print|eval)\b/],
  ['inline', /(^|\s|\/)python[0-9.]*\s+-c\b|(^|\s|\/)(perl|ruby)\s+-[eE]\b/],
];

const NPX = /\bnpx\s+((?:-{1,2}[\w-]+(?:=\S+)?\s+)*)(@?[\w./-]+)/g;

/** Whether a text runs `npx <pkg>` for a package no package.json declares: npx downloads it. */
export function runsUndeclaredNpx(text: string, declared: ReadonlySet<string>): boolean {
  for (const match of text.matchAll(NPX)) {
    const flags = match[1] ?? '';
    if (/--no(-install)?\b/.test(flags)) continue;
    const spec = match[2] ?? '';
    const name = spec.startsWith('@') ? spec.split('@').slice(0, 2).join('@') : spec.split('@')[0];
    if (name !== undefined && name !== '' && !declared.has(name)) return true;
  }
  return false;
}

/** The classes the texts (argv joined, script body) fall into, in RISK_CLASSES order. */
export function classifyRisks(texts: readonly string[]): RiskClass[] {
  const found = new Set<RiskClass>();
  for (const text of texts) {
    for (const [risk, pattern] of PATTERNS) if (pattern.test(text)) found.add(risk);
  }
  return RISK_CLASSES.filter((r) => found.has(r));
}

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'pwsh', 'powershell', 'cmd']);
const EVAL_FLAGS: Record<string, readonly string[]> = {
  node: ['-e', '--eval', '-p', '--print'],
  deno: ['eval'],
  bun: ['-e', '--eval', '-p', '--print'],
  perl: ['-e', '-E'],
  ruby: ['-e'],
};

function basename(program: string): string {
  return (program.split(/[\\/]/).pop() ?? program).replace(/\.exe$/i, '').toLowerCase();
}

/** Whether an argv runs an inline script: `sh -c`, `node -e`, `python -c` and the like. */
export function isInlineArgv(argv: readonly string[]): boolean {
  const program = basename(argv[0] ?? '');
  const args = argv.slice(1);
  if (SHELLS.has(program))
    return args.some((a) => /^-[a-z]*c$/i.test(a) || /^-(command|c)$/i.test(a) || a === '/c');
  if (/^python[0-9.]*$/.test(program)) return args.includes('-c');
  const flags = EVAL_FLAGS[program];
  return flags !== undefined && args.some((a) => flags.includes(a) || /^--eval=/.test(a));
}

/**
 * The classes of a registry control's argv. An inline script is classed `inline` by its shape and
 * its script text is not read as words (it is code, shown as inline wherever the result appears).
 */
export function classifyArgv(argv: readonly string[]): RiskClass[] {
  if (isInlineArgv(argv)) return ['inline'];
  return classifyRisks([argv.join(' ')]);
}

/** The authorization kinds the classes call for, sorted. */
export function riskAuthorizations(risks: readonly RiskClass[]): AuthorizationKind[] {
  const kinds = new Set<AuthorizationKind>();
  for (const risk of risks) {
    const consequence = RISK_CONSEQUENCES[risk];
    if ('authorization' in consequence) kinds.add(consequence.authorization);
  }
  return [...kinds].sort();
}

/** Why the classes make a command unfit to be a control, or undefined when none does. */
export function riskRefusal(risks: readonly RiskClass[]): string | undefined {
  for (const risk of risks) {
    const consequence = RISK_CONSEQUENCES[risk];
    if ('refuse' in consequence) return consequence.refuse;
  }
  return undefined;
}
