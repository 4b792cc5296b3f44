// Adds proofgate's stop hooks to an agent's hook settings (Claude Code .claude/settings.json or
// settings.local.json, Codex .codex/hooks.json: all use {hooks: {<Event>: [{hooks: [{type,
// command, timeout}]}]}}) without touching any other key or hook, and removes ours from the stop
// events it was not asked for (SubagentStop is opt-in). Idempotent: a second merge changes nothing.
import { UsageError } from '../errors.ts';

const HOOK_TIMEOUT_SECONDS = 30;

/** Every stop event proofgate may own; Claude Code and Codex both have both. */
export const STOP_EVENTS = ['Stop', 'SubagentStop'] as const;
export type StopEvent = (typeof STOP_EVENTS)[number];

/** Stop always; SubagentStop only on request, since a subagent rarely owns the parent's task. */
export function hookEvents(subagent: boolean): StopEvent[] {
  return subagent ? ['Stop', 'SubagentStop'] : ['Stop'];
}

export interface MergeResult {
  settings: Record<string, unknown>;
  /** Events whose proofgate hook was added or updated. */
  changed: StopEvent[];
  /** Events whose proofgate hook was taken out (not asked for). */
  removed: StopEvent[];
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A command that runs `proofgate … hook stop` (any install path): ours to update in place. */
function isProofgateHook(command: unknown): boolean {
  return typeof command === 'string' && /proofgate/.test(command) && /\bhook stop\b/.test(command);
}

export function mergeHookSettings(
  existing: unknown,
  events: readonly StopEvent[],
  command: string,
  file: string,
): MergeResult {
  if (!isObject(existing)) throw notShaped(file, 'the top level is not a JSON object');
  const hooks = existing['hooks'] ?? {};
  if (!isObject(hooks)) throw notShaped(file, '"hooks" is not an object');
  const nextHooks: Json = { ...hooks };
  const changed: StopEvent[] = [];
  const removed: StopEvent[] = [];
  for (const event of STOP_EVENTS) {
    const groups = hooks[event] ?? [];
    if (!Array.isArray(groups)) throw notShaped(file, `"hooks.${event}" is not an array`);
    if (events.includes(event)) {
      const merged = mergeEvent(groups as unknown[], command);
      if (merged === undefined) continue;
      nextHooks[event] = merged;
      changed.push(event);
    } else {
      const pruned = removeOurs(groups as unknown[]);
      if (pruned === undefined) continue;
      if (pruned.length === 0) delete nextHooks[event];
      else nextHooks[event] = pruned;
      removed.push(event);
    }
  }
  return { settings: { ...existing, hooks: nextHooks }, changed, removed };
}

/** The event's groups with our hook present and current; undefined when nothing changes. */
function mergeEvent(groups: unknown[], command: string): unknown[] | undefined {
  let found = false;
  let changed = false;
  const next = groups.map((group) => {
    if (!isObject(group) || !Array.isArray(group['hooks'])) return group;
    const handlers = (group['hooks'] as unknown[]).map((handler) => {
      if (!isObject(handler) || !isProofgateHook(handler['command'])) return handler;
      found = true;
      if (handler['command'] === command) return handler;
      changed = true;
      return { ...handler, command };
    });
    return { ...group, hooks: handlers };
  });
  if (found) return changed ? next : undefined;
  return [...groups, { hooks: [{ type: 'command', command, timeout: HOOK_TIMEOUT_SECONDS }] }];
}

/** The event's groups without our handlers (a group left empty goes); undefined: none found. */
function removeOurs(groups: unknown[]): unknown[] | undefined {
  let found = false;
  const next: unknown[] = [];
  for (const group of groups) {
    if (!isObject(group) || !Array.isArray(group['hooks'])) {
      next.push(group);
      continue;
    }
    const handlers = group['hooks'] as unknown[];
    const kept = handlers.filter((h) => !(isObject(h) && isProofgateHook(h['command'])));
    if (kept.length === handlers.length) next.push(group);
    else {
      found = true;
      if (kept.length > 0) next.push({ ...group, hooks: kept });
    }
  }
  return found ? next : undefined;
}

function notShaped(file: string, problem: string): UsageError {
  return new UsageError('BAD_INPUT', `${file}: ${problem}; proofgate will not rewrite it`, {
    where: file,
    expected: '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "…"}]}]}}',
    next: `fix ${file} by hand (or move it away), then run the install again`,
  });
}
