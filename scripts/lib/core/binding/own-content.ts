// proofgate's own lines and entries in the project's files (references/bindings.md "proofgate's own
// lines"): the lines `init` and `install --skill` add to ignore files for proofgate's directories,
// and the Stop hook handlers `install --hook` adds to an agent's settings. A subject binds each such
// file without them, so installing the skill or the hook stales no result and widens no task.
// Only exact forms are taken out: a line naming another path, an edited hook command, any other
// key stays bound, so nothing of the project's can hide there. Pure: io reads and writes blobs.

/** What proofgate writes, as this version writes it. */
export interface OwnContentRules {
  /** proofgate's directories, relative to the root without a trailing slash (`.proofgate`). */
  dirs: readonly string[];
  /** The plane's directory (`.proofgate`; empty for a plane at the root). */
  plane: string;
  /** Every exact hook command `install --hook` writes (shared and local, per agent). */
  hookCommands: readonly string[];
}

/** The files that may hold proofgate's own lines, relative to the root. */
export const OWN_CONTENT_FILES = [
  '.npmignore',
  '.prettierignore',
  'MANIFEST.in',
  '.claude/settings.json',
  '.claude/settings.local.json',
  '.codex/hooks.json',
] as const;

const HOOK_TIMEOUT_SECONDS = 30;

/**
 * The text a subject binds for `path`: undefined when it binds the file as it is, null when the
 * file holds nothing but proofgate's own lines (it is left out), else the text without them.
 */
export function boundOwnContent(
  path: string,
  text: string,
  rules: OwnContentRules,
): string | null | undefined {
  if (path.endsWith('.json')) return boundSettings(text, rules);
  if (!(OWN_CONTENT_FILES as readonly string[]).includes(path)) return undefined;
  const own = ownLines(path, rules);
  const lines = text.split('\n');
  const kept = lines.filter((line) => !own.has(line.trim()) && !/^# proofgate: /.test(line));
  if (kept.length === lines.length) return undefined;
  return kept.every((line) => line.trim() === '') ? null : kept.join('\n');
}

function ownLines(path: string, rules: OwnContentRules): Set<string> {
  if (path === 'MANIFEST.in') return new Set(rules.dirs.map((d) => `prune ${d}`));
  const lines = rules.dirs.map((d) => `${d}/`);
  if (path === '.prettierignore' && rules.plane !== '')
    lines.push(`${rules.plane}/INDEX.md`, `${rules.plane}/docs/`);
  return new Set(lines);
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

// A handler exactly as install writes it: {type: command, command: <ours>, timeout: 30}.
function isOwnHandler(handler: unknown, rules: OwnContentRules): boolean {
  if (!isObject(handler)) return false;
  const keys = Object.keys(handler).sort().join(',');
  return (
    keys === 'command,timeout,type' &&
    handler['type'] === 'command' &&
    handler['timeout'] === HOOK_TIMEOUT_SECONDS &&
    typeof handler['command'] === 'string' &&
    rules.hookCommands.includes(handler['command'])
  );
}

/**
 * An agent's settings without proofgate's exact Stop hook handlers, as install writes the file
 * (two-space JSON, the keys in their order): install rewrites the whole file that way, so the
 * project's own keys are bound by their value, not their layout. Undefined when that is the text
 * as it is (or it is not a JSON object), null when nothing is left.
 */
function boundSettings(text: string, rules: OwnContentRules): string | null | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(value)) return undefined;
  const rest: Json = { ...value };
  if (isObject(value['hooks'])) {
    const hooks = withoutOwnHandlers(value['hooks'], rules);
    if (Object.keys(hooks).length === 0) delete rest['hooks'];
    else rest['hooks'] = hooks;
  }
  if (Object.keys(rest).length === 0) return null;
  const bound = `${JSON.stringify(rest, null, 2)}\n`;
  return bound === text ? undefined : bound;
}

function withoutOwnHandlers(hooks: Json, rules: OwnContentRules): Json {
  const kept: Json = {};
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) {
      kept[event] = groups;
      continue;
    }
    const left: unknown[] = [];
    for (const group of groups) {
      if (!isObject(group) || !Array.isArray(group['hooks'])) {
        left.push(group);
        continue;
      }
      const all = group['hooks'] as unknown[];
      const handlers = all.filter((h) => !isOwnHandler(h, rules));
      // a group install added holds our handler alone: it goes with it
      if (handlers.length === all.length) left.push(group);
      else if (handlers.length > 0 || Object.keys(group).length > 1)
        left.push({ ...group, hooks: handlers });
    }
    // an event our handler alone filled goes too; one the project left empty stays
    if (left.length > 0 || groups.length === 0) kept[event] = left;
  }
  return kept;
}
