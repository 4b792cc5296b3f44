// The command line written into an agent's hook settings. A package inside the project is named
// relative to the project root (the settings file is committed and must work on every clone);
// one installed elsewhere (~/.claude/skills/proofgate, a global npm prefix) by its absolute path.
import { quoteArg } from '../gate/next-command.ts';
import type { HookAgent } from './parse-stop-input.ts';

export interface HookCommandRequest {
  agent: HookAgent;
  /** Absolute directory of the proofgate package (holds bin/proofgate.js). */
  packageDir: string;
  /** Absolute project root (git top level). */
  root: string;
}

/** Project-relative part of the package dir, POSIX separators; undefined when outside the root. */
export function relativeInside(root: string, dir: string): string | undefined {
  const norm = (p: string): string => p.split('\\').join('/').replace(/\/+$/, '');
  const r = norm(root);
  const d = norm(dir);
  if (d === r) return '';
  return d.startsWith(`${r}/`) ? d.slice(r.length + 1) : undefined;
}

export function hookCommand(request: HookCommandRequest): string {
  const tail = `hook stop --agent ${request.agent}`;
  const rel = relativeInside(request.root, request.packageDir);
  if (rel === undefined) {
    return `node ${quoteArg(`${request.packageDir.split('\\').join('/')}/bin/proofgate.js`)} ${tail}`;
  }
  // Claude Code sets CLAUDE_PROJECT_DIR for hooks; Codex runs hooks inside the session's repo.
  const base =
    request.agent === 'claude' ? '$CLAUDE_PROJECT_DIR' : '$(git rev-parse --show-toplevel)';
  const path = rel === '' ? 'bin/proofgate.js' : `${rel}/bin/proofgate.js`;
  return `node "${base}/${path}" ${tail}`;
}
