// The command line written into an agent's hook settings. The shared (committed) settings get a
// command that holds no path of this machine, so it works on every clone once proofgate is a
// devDependency; only the local, uncommitted settings file may name this machine's package dir.
import { quoteArg } from '../gate/next-command.ts';
import type { HookAgent } from './parse-stop-input.ts';

/** `shared`: the committed settings file; `local`: the per-machine one (`--local`). */
export type HookPlacement = 'shared' | 'local';

export interface HookCommandRequest {
  agent: HookAgent;
  placement: HookPlacement;
  /** Absolute directory of the proofgate package (holds bin/proofgate.js); used only when local. */
  packageDir: string;
}

export function hookCommand(request: HookCommandRequest): string {
  const tail = `hook stop --agent ${request.agent}`;
  // --no-install: never fetch a package from the registry inside a hook; a missing devDependency
  // fails the command instead of silently running whatever npm resolves.
  if (request.placement === 'shared') return `npx --no-install proofgate ${tail}`;
  const bin = `${request.packageDir.split('\\').join('/')}/bin/proofgate.js`;
  return `node ${quoteArg(bin)} ${tail}`;
}
