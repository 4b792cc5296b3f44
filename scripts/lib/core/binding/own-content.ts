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
 * An agent's settings without proofgate's exact Stop hook handlers, written as install writes the
 * file (two-space JSON): undefined when it has none (or is not JSON), null when nothing else is left.
 */
function boundSettings(text: string, rules: OwnContentRules): string | null | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(value) || !isObject(value['hooks'])) return undefined;
  const hooks: Json = { ...value['hooks'] };
  let found = false;
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    const kept: unknown[] = [];
    for (const group of groups) {
      if (!isObject(group) || !Array.isArray(group['hooks'])) {
        kept.push(group);
        continue;
      }
      const handlers = (group['hooks'] as unknown[]).filter((h) => !isOwnHandler(h, rules));
      if (handlers.length === (group['hooks'] as unknown[]).length) kept.push(group);
      else {
        found = true;
        // a group install added holds our handler alone: it goes with it
        if (handlers.length > 0 || Object.keys(group).length > 1)
          kept.push({ ...group, hooks: handlers });
      }
    }
    if (kept.length === 0) delete hooks[event];
    else hooks[event] = kept;
  }
  if (!found) return undefined;
  const rest: Json = { ...value };
  if (Object.keys(hooks).length === 0) delete rest['hooks'];
  else rest['hooks'] = hooks;
  return Object.keys(rest).length === 0 ? null : `${JSON.stringify(rest, null, 2)}\n`;
}
