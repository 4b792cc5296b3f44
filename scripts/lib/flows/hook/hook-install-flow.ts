// `proofgate install --hook`: merges the stop hooks into the project's agent settings, keeping every
// other key and hook; refuses (exit 2) to touch a settings file it cannot parse. The committed
// settings get a path-free command; this machine's package path goes only into the local file.
import type { World } from '../../core/world/world.ts';
import { join } from 'node:path/posix';
import { UsageError } from '../../core/errors.ts';
import { hookCommand, type HookPlacement } from '../../core/hook/hook-command.ts';
import { userInstallFor } from '../../core/hook/user-install.ts';
import { projectKindOf } from '../../core/scan/project-kind.ts';
import {
  hookEvents,
  mergeHookSettings,
  type StopEvent,
} from '../../core/hook/merge-hook-settings.ts';
import type { HookAgent } from '../../core/hook/parse-stop-input.ts';
import type { StopDecision } from '../../core/hook/decide-stop.ts';

export const SETTINGS_FILES: Record<HookPlacement, Record<HookAgent, string | undefined>> = {
  shared: { claude: '.claude/settings.json', codex: '.codex/hooks.json' },
  // Codex has no per-project file kept out of git; its user file (~/.codex/hooks.json) runs in
  // every project, which is not what a project install should do.
  local: { claude: '.claude/settings.local.json', codex: undefined },
};

export interface InstallRequest {
  agent: HookAgent;
  /** Write the machine-specific command into the uncommitted local settings file. */
  local: boolean;
  /** Also gate SubagentStop (opt-in). */
  subagent: boolean;
  /** The PATH the per-user proofgate is looked for on (this shell's, as the agent's client's). */
  path: string | undefined;
}

export interface InstallResult {
  agent: HookAgent;
  /** Settings file relative to the root. */
  file: string;
  command: string;
  /** Events whose hook was added or updated; empty when it was already current. */
  changed: StopEvent[];
  /** Events whose proofgate hook was removed because it was not asked for. */
  removed: StopEvent[];
  /** Things the user must do for the hook to run (no per-user proofgate, file not ignored). */
  notes: string[];
}

export async function installHook(
  root: string,
  request: InstallRequest,
  { hook, host }: Pick<World, 'hook' | 'host'>,
  packageDir = host.packageRoot(),
): Promise<InstallResult> {
  const { agent } = request;
  const placement: HookPlacement = request.local ? 'local' : 'shared';
  const file = SETTINGS_FILES[placement][agent];
  if (file === undefined) {
    throw new UsageError('BAD_FLAG', `--local is not available for --agent ${agent}`, {
      where: '--local',
      expected: '--local only with --agent claude (.claude/settings.local.json)',
      next: `run proofgate install --hook ${agent} without --local (writes ${SETTINGS_FILES.shared[agent]}, with no path of this machine)`,
    });
  }
  const path = join(root.split('\\').join('/'), file);
  // The committed command's failure message says how to install proofgate for this kind of project.
  const kind = projectKindOf(hook.listRootFiles(root));
  const command = hookCommand({ agent, placement, packageDir, kind });
  const events = hookEvents(request.subagent);
  const merged = mergeHookSettings(hook.readJsonSettings(path) ?? {}, events, command, file);
  if (merged.changed.length + merged.removed.length > 0)
    hook.writeJsonSettings(path, merged.settings);
  const notes: string[] = [];
  if (placement === 'shared' && hook.findUserProofgate(root, request.path) === undefined) {
    notes.push(
      `no proofgate on your PATH outside this project: the hook runs a per-user installation, never npx or node_modules (which the project can rewrite). Install it for your user: ${userInstallFor(kind)}; until then the hook blocks every stop (exit 2 with the reason)`,
    );
  }
  if (placement === 'local' && !(await hook.isGitIgnored(root, file))) {
    notes.push(
      `${file} is not ignored by git: add it to .gitignore (it names this machine's paths)`,
    );
  }
  return { agent, file, command, changed: merged.changed, removed: merged.removed, notes };
}

/** What `proofgate hook` returns: the Stop decision, or what install wrote and where. */
export type HookResult =
  ({ mode: 'stop' } & StopDecision) | ({ mode: 'install'; root: string } & InstallResult);
