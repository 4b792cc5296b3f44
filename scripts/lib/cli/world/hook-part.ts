// The Stop hook's start (core/world/hook-port.ts HookStart): its files and project, and the
// verdict's git status and base probe. Loaded with the hook before the rest of the world, so git
// status runs while the world (plane parser, ledger verifier) loads; the world reuses them.
import type { HookStart } from '../../core/world/hook-port.ts';
import { startProbeWithLedger } from '../../io/ledger/ledger-base.ts';
import {
  appendHookLog,
  hookDir,
  isGitIgnored,
  readJsonSettings,
  findUserProofgate,
  listRootFiles,
  readTaskFile,
  writeJsonSettings,
  writeTaskFile,
} from '../../io/hook/hook-files.ts';
import { existingDir, findTopOnDisk, locateHookProject } from '../../io/hook/hook-project.ts';
import { endWorktreeState, startWorktreeState } from '../../io/repo/worktree-state.ts';

export const HOOK_START: HookStart = {
  hook: {
    hookDir,
    readTaskFile,
    writeTaskFile,
    appendHookLog,
    existingDir,
    findTopOnDisk,
    locateHookProject,
    readJsonSettings,
    writeJsonSettings,
    findUserProofgate,
    listRootFiles,
    isGitIgnored,
  },
  git: { startWorktreeState, endWorktreeState, startBaseProbe: startProbeWithLedger },
};
