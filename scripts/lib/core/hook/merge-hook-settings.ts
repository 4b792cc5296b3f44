// Adds proofgate's Stop hook to an agent's hook settings (Claude Code .claude/settings.json, Codex
// .codex/hooks.json: both use {hooks: {<Event>: [{hooks: [{type, command, timeout}]}]}}) without
// touching any other key or hook. Idempotent: a second merge changes nothing.
import { UsageError } from '../errors.ts';
import type { HookAgent } from './parse-stop-input.ts';

const HOOK_TIMEOUT_SECONDS = 30;

/** Codex has no SubagentStop event. */
function hookEvents(agent: HookAgent): string[] {
  return agent === 'claude' ? ['Stop', 'SubagentStop'] : ['Stop'];
}

export interface MergeResult {
  settings: Record<string, unknown>;
  /** Events whose proofgate hook was added or updated. */
  changed: string[];
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
  agent: HookAgent,
  command: string,
  file: string,
): MergeResult {
  if (!isObject(existing)) throw notShaped(file, 'the top level is not a JSON object');
  const hooks = existing['hooks'] ?? {};
  if (!isObject(hooks)) throw notShaped(file, '"hooks" is not an object');
  const nextHooks: Json = { ...hooks };
  const changed: string[] = [];
  for (const event of hookEvents(agent)) {
    const groups = hooks[event] ?? [];
    if (!Array.isArray(groups)) throw notShaped(file, `"hooks.${event}" is not an array`);
    const merged = mergeEvent(groups as unknown[], command);
    if (merged !== undefined) {
      nextHooks[event] = merged;
      changed.push(event);
    }
  }
  return { settings: { ...existing, hooks: nextHooks }, changed };
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

function notShaped(file: string, problem: string): UsageError {
  return new UsageError('BAD_INPUT', `${file}: ${problem}; proofgate will not rewrite it`, {
    where: file,
    expected: '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "…"}]}]}}',
    next: `fix ${file} by hand (or move it away), then run the install again`,
  });
}
