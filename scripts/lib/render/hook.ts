// What `proofgate hook` prints: for stop exactly the agent's contract (nothing, or one JSON object);
// for install the verdict line, the command written, what was removed, notes and how to trust it.
import type { HookResult } from '../flows/hook/hook-install-flow.ts';

export function renderHook(result: HookResult): string {
  if (result.mode === 'stop') return result.stdout;
  const verdict =
    result.changed.length + result.removed.length === 0
      ? `UNCHANGED ${result.file} already runs the proofgate stop hook`
      : result.changed.length > 0
        ? `INSTALLED proofgate stop hook for ${result.changed.join(', ')} in ${result.file}`
        : `UPDATED ${result.file}`;
  const removed =
    result.removed.length === 0
      ? []
      : [`  removed from ${result.removed.join(', ')} (opt in with --subagent)`];
  const trust =
    result.agent === 'codex'
      ? 'Codex runs project hooks only after you trust them: open /hooks in Codex and approve.'
      : 'Claude Code runs project hooks once the folder is trusted; check with /hooks.';
  const notes = result.notes.map((note) => `  note: ${note}`);
  return [verdict, `  command: ${result.command}`, ...removed, ...notes, `  ${trust}`].join('\n');
}
