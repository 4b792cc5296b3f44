// `proofgate hook install`: merges the Stop hook into the project's agent settings, keeping every
// other key and hook; refuses (exit 2) to touch a settings file it cannot parse.
import { join } from 'node:path/posix';
import { hookCommand } from '../core/hook/hook-command.ts';
import { mergeHookSettings } from '../core/hook/merge-hook-settings.ts';
import type { HookAgent } from '../core/hook/parse-stop-input.ts';
import { readJsonSettings, writeJsonSettings } from '../io/hook-files.ts';
import { packageRoot } from '../io/package-root.ts';

const SETTINGS_FILES: Record<HookAgent, string> = {
  claude: '.claude/settings.json',
  codex: '.codex/hooks.json',
};

export interface InstallResult {
  agent: HookAgent;
  /** Settings file relative to the root. */
  file: string;
  command: string;
  /** Events whose hook was added or updated; empty when it was already current. */
  changed: string[];
}

export function installHook(
  root: string,
  agent: HookAgent,
  packageDir = packageRoot(),
): InstallResult {
  const file = SETTINGS_FILES[agent];
  const path = join(root.split('\\').join('/'), file);
  const command = hookCommand({ agent, packageDir, root });
  const merged = mergeHookSettings(readJsonSettings(path) ?? {}, agent, command, file);
  if (merged.changed.length > 0) writeJsonSettings(path, merged.settings);
  return { agent, file, command, changed: merged.changed };
}
