// Shared by the CI readers: what they find, and how one `run`/`script` line becomes a candidate
// (one plain command) or a not-adoptable entry with the reason (anything needing a shell).
import { isAlias, isMap, isScalar, isSeq, visit } from 'yaml';
import type { Alias, Document, Node } from 'yaml';
import { classifyAuthorization } from './authorization.ts';
import { isCredentialName } from '../shared/child-env.ts';
import { lineAt } from './line-of.ts';
import { splitShellWords } from './shell-words.ts';
import type { Candidate, CiFile, NotAdoptable } from './types.ts';

export interface CiFindings {
  files: CiFile[];
  candidates: Candidate[];
  notAdoptable: NotAdoptable[];
  /** CI config that points elsewhere (GitLab `include:`, Travis `import:`), to list as an unknown. */
  includes: string[];
  /** CI files that are not valid YAML: nothing was taken from them. */
  unreadable: string[];
  /** `<file>: job <id>` for jobs whose commands scan could not find, to list as unknowns. */
  scriptless: string[];
  /** Inputs a reader stopped at (e.g. `travis_jobs` past its cap) → how many were not read. */
  omitted: Record<string, number>;
}

/** How deep merges, extends and references are followed (GitLab itself allows 11 levels). */
export const MAX_DEPTH = 11;

const TARGETS = new WeakMap<Document, Map<Alias, Node | undefined>>();

// What every alias of the document points at, found in one pass: the nearest earlier node with
// that anchor, as YAML defines it. Resolving each alias by itself would walk the document again
// every time, and a file of many aliases would take quadratic time.
function aliasTargets(doc: Document): Map<Alias, Node | undefined> {
  const known = TARGETS.get(doc);
  if (known !== undefined) return known;
  const targets = new Map<Alias, Node | undefined>();
  const anchors = new Map<string, Node>();
  visit(doc, {
    Node: (_key, node) => {
      if (isAlias(node)) targets.set(node, anchors.get(node.source));
      else if (node.anchor !== undefined) anchors.set(node.anchor, node);
    },
  });
  TARGETS.set(doc, targets);
  return targets;
}

export function resolve(node: unknown, doc: Document): unknown {
  return isAlias(node) ? aliasTargets(doc).get(node) : node;
}

/**
 * `key` of a map, looking through `<<` merge keys (a later own key wins, as in YAML). Each map is
 * visited once, so merges that name themselves (`a: &a {<<: [*a, *a]}`) end quickly.
 */
export function lookup(
  node: unknown,
  key: string,
  doc: Document,
  depth = 0,
  seen = new Set<unknown>(),
): unknown {
  const map = resolve(node, doc);
  if (!isMap(map) || depth > MAX_DEPTH || seen.has(map)) return undefined;
  seen.add(map);
  const own = map.get(key, true);
  if (own !== undefined) return own;
  for (const pair of map.items) {
    if (!isScalar(pair.key) || typeof pair.key.value !== 'symbol') continue;
    const sources = resolve(pair.value, doc);
    for (const source of isSeq(sources) ? sources.items : [sources]) {
      const found = lookup(source, key, doc, depth + 1, seen);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

export function get(node: unknown, key: string): unknown {
  return isMap(node) ? node.get(key, true) : undefined;
}

export function str(node: unknown): string | undefined {
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
}

export function lineOfNode(node: unknown, text: string): number {
  const range = (node as Node | undefined)?.range;
  return range === undefined || range === null ? 1 : lineAt(text, range[0]);
}

export function uniqueId(base: string, used: Set<string>): string {
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
  used.add(id);
  return id;
}

export function toFinding(
  id: string,
  run: string,
  where: string,
  cwd: string | undefined,
  out: CiFindings,
  /** The literal values the step's `env:` sets (GitHub), copied into the control when adopted. */
  env: Record<string, string> = {},
): void {
  const words = splitShellWords(run);
  const badCwd =
    cwd !== undefined &&
    (cwd.includes('${{') || cwd.startsWith('/') || cwd.split('/').includes('..'));
  if (!words.ok || badCwd) {
    const reason = words.ok
      ? `working directory "${cwd ?? ''}" is not a fixed path inside the repository`
      : words.reason;
    out.notAdoptable.push({
      id,
      where,
      text: run.trim().split('\n').slice(0, 3).join('\n'),
      reason,
    });
    return;
  }
  const dir =
    cwd === undefined || cwd === '.' || cwd === ''
      ? undefined
      : cwd.replace(/^\.\//, '').replace(/\/$/, '');
  out.candidates.push({
    id,
    argv: words.argv,
    ...(dir === undefined ? {} : { cwd: dir }),
    where,
    body: run.trim(),
    authorization: classifyAuthorization([words.argv.join(' ')]),
    ...(Object.keys(env).length === 0 ? {} : { env }),
  });
}

/**
 * The variables a CI `env:`/`variables:` mapping sets to a literal value (GitLab's `{value: ...}`
 * form included). A value CI would expand (`expression`) and a name that looks like a credential
 * are never copied into the registry.
 */
export function literalEnv(node: unknown, expression: RegExp): Record<string, string> {
  const env: Record<string, string> = {};
  if (!isMap(node)) return env;
  for (const pair of node.items) {
    const name = isScalar(pair.key) ? String(pair.key.value) : '';
    const item = isMap(pair.value) ? pair.value.get('value', true) : pair.value;
    const value = isScalar(item) ? item.value : undefined;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || isCredentialName(name)) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      continue;
    const text = String(value);
    if (expression.test(text) || text.length > 4096) continue;
    env[name] = text;
  }
  return env;
}
