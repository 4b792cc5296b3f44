// The Stop / SubagentStop payload an agent writes on the hook's stdin (Claude Code and Codex share
// these fields). Parsing never throws: a broken payload must allow the stop, not brick the agent.

export const HOOK_AGENTS = ['claude', 'codex'] as const;
export type HookAgent = (typeof HOOK_AGENTS)[number];

const STOP_EVENTS = new Set(['Stop', 'SubagentStop']);

interface StopInput {
  event: 'Stop' | 'SubagentStop';
  /** True when the agent is already continuing because a Stop hook blocked it. */
  stopHookActive: boolean;
  /** Directory of the session, when the agent sent one. */
  cwd?: string;
  sessionId?: string;
  /** The session's own transcript (Claude Code and Codex send `transcript_path`). */
  transcriptPath?: string;
}

export type ParsedStopInput = { ok: true; input: StopInput } | { ok: false; problem: string };

export function parseStopInput(text: string): ParsedStopInput {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: `stdin is not JSON (${why}); ${text.length} bytes` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problem: 'stdin is JSON but not an object' };
  }
  const record = value as Record<string, unknown>;
  const event = record['hook_event_name'] ?? 'Stop';
  if (typeof event !== 'string' || !STOP_EVENTS.has(event)) {
    return {
      ok: false,
      problem: `hook_event_name ${JSON.stringify(event)} is not Stop or SubagentStop`,
    };
  }
  const active = record['stop_hook_active'] ?? false;
  if (typeof active !== 'boolean') {
    return { ok: false, problem: 'stop_hook_active is not a boolean' };
  }
  const cwd = record['cwd'];
  const session = record['session_id'];
  const transcript = record['transcript_path'];
  return {
    ok: true,
    input: {
      event: event as StopInput['event'],
      stopHookActive: active,
      ...(typeof cwd === 'string' && cwd !== '' ? { cwd } : {}),
      ...(typeof session === 'string' && session !== '' ? { sessionId: session } : {}),
      ...(typeof transcript === 'string' && transcript !== ''
        ? { transcriptPath: transcript }
        : {}),
    },
  };
}
