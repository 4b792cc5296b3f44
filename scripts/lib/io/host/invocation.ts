// The facts that decide how a printed command starts proofgate (core/gate/run/invocation.ts): is it
// installed in the reader's npm project, and does `proofgate` on PATH run this same copy.
import { existsSync, realpathSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import type { InvocationFacts } from '../../core/gate/run/invocation.ts';
import { packagePath } from './package-root.ts';

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function realpath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

function hasLocalBin(cwd: string): boolean {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (isFile(join(dir, 'node_modules', '.bin', 'proofgate'))) return true;
    if (dirname(dir) === dir) return false;
  }
}

/** The first `proofgate` on PATH, as a shell finds it; undefined when there is none. */
export function proofgateOnPath(pathVar: string | undefined): string | undefined {
  for (const dir of (pathVar ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, 'proofgate');
    if (isFile(candidate)) return candidate;
  }
  return undefined;
}

/** Whether the first `proofgate` on PATH is `bin`. */
function pathRunsBin(pathVar: string | undefined, bin: string): boolean {
  const own = realpath(bin);
  const found = proofgateOnPath(pathVar);
  return own !== undefined && found !== undefined && realpath(found) === own;
}

export function invocationFacts(env: NodeJS.ProcessEnv, cwd: string): InvocationFacts {
  const bin = packagePath('bin', 'proofgate.js');
  return {
    localBin: existsSync(cwd) && hasLocalBin(cwd),
    onPath: pathRunsBin(env['PATH'], bin),
    bin,
  };
}

/** The argv that runs this copy of proofgate from a probe: node and the package's bin. */
export function selfArgv(): string[] {
  return [process.execPath, packagePath('bin', 'proofgate.js')];
}
