// The command line written into an agent's hook settings. The shared (committed) settings get a
// command that holds no path of this machine: a bare `proofgate`, which the agent's client finds on
// its own PATH, so a per-user installation. Never `npx` and never node_modules: npx honours the
// project's .npmrc (script-shell, node-options) and node_modules/.bin shims, all of which the agent
// can write. Only the local, uncommitted settings file may name this machine's package dir.
//
// Both agents treat a hook's exit 2 as "block" and any other failure (exit 1, 127, a crash) as a
// non-blocking error that lets the agent stop. So the command is a shell wrapper: it pins the
// project (Claude Code's $CLAUDE_PROJECT_DIR; Codex runs hooks in the session's directory) and
// turns "proofgate not found" or "proofgate crashed" into exit 2 with the reason on stderr, while
// proofgate's own exit 0 with a block JSON on stdout passes through untouched.
import { quoteArg } from '../next/next-command.ts';
import type { HookAgent } from './parse-stop-input.ts';
import type { ProjectKind } from '../scan/project-kind.ts';
import { userInstallFor } from './user-install.ts';

/** `shared`: the committed settings file; `local`: the per-machine one (`--local`). */
export type HookPlacement = 'shared' | 'local';

export interface HookCommandRequest {
  agent: HookAgent;
  placement: HookPlacement;
  /** Absolute directory of the proofgate package (holds bin/proofgate.js); used only when local. */
  packageDir: string;
  /** The project's kind: how the failure message says to install proofgate (default `other`). */
  kind?: ProjectKind;
}

/** What the wrapper prints on stderr (exit 2) when proofgate cannot run or crashes. */
export function hookUnavailableMessage(kind: ProjectKind): string {
  return `proofgate: the Stop hook could not run (no proofgate on the PATH your agent runs hooks with, or it crashed), so the stop is blocked. The hook runs a per-user installation, never the node_modules of the project: ${userInstallFor(kind)}. Then run proofgate claim; do not report done until claim exits 0.`;
}

export function hookCommand(request: HookCommandRequest): string {
  // --require-plane: the project had a plane when the hook was installed, so a plane deleted and
  // committed away later (with no upstream to remember it) blocks instead of meaning "no project".
  const tail = `hook stop --agent ${request.agent} --root . --require-plane`;
  // `command proofgate`: the executable the PATH names, never a shell function or alias; printed as
  // written, not rewritten to the invocation of the shell that ran install (core/gate/run/invocation.ts).
  const bin =
    request.placement === 'shared'
      ? 'command proofgate'
      : `node ${quoteArg(`${request.packageDir.split('\\').join('/')}/bin/proofgate.js`)}`;
  // Claude Code names the project in $CLAUDE_PROJECT_DIR; Codex starts hooks in the session's
  // directory, which `--root .` then names.
  const cd = request.agent === 'claude' ? 'cd "${CLAUDE_PROJECT_DIR:-.}" && ' : '';
  const message = hookUnavailableMessage(request.kind ?? 'other');
  return `${cd}${bin} ${tail} || { echo '${message}' >&2; exit 2; }`;
}
