// Runs one control command: argv only (never a shell), cwd inside the root, a process group that
// a timeout kills whole, and the merged stdout+stderr streamed into a digest, a byte count, a head
// buffer and a tail ring, so output of any size is held in at most `capBytes` of memory.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type {
  RunCommandOutput,
  RunCommandRefusal,
  RunCommandRequest,
  RunCommandResult,
} from '../../core/ports.ts';

/** Grace between SIGTERM and SIGKILL when a timeout ends a process group. */
const KILL_GRACE_MS = 1000;
/** How long to wait for pipes to close after the process group is gone. */
const DRAIN_MS = 2000;

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`));
}

/** Resolves `cwd` under `root`, refusing `..` escapes and symlinks that lead outside. */
function resolveCwd(root: string, cwd: string | undefined): { dir: string } | RunCommandRefusal {
  const refuse = (reason: RunCommandRefusal['reason'], detail: string): RunCommandRefusal => ({
    ok: false,
    reason,
    detail,
    durationMs: 0,
  });
  const wanted = resolve(root, cwd ?? '.');
  if (!isInside(root, wanted))
    return refuse('cwd_outside_root', `cwd ${cwd ?? '.'} is outside the root`);
  let real: string;
  try {
    if (!statSync(wanted).isDirectory())
      return refuse('cwd_missing', `cwd ${cwd ?? '.'} is not a directory`);
    real = realpathSync(wanted);
  } catch {
    return refuse('cwd_missing', `cwd ${cwd ?? '.'} does not exist`);
  }
  if (!isInside(realpathSync(root), real)) {
    return refuse(
      'cwd_outside_root',
      `cwd ${cwd ?? '.'} resolves through a symlink to outside the root`,
    );
  }
  return { dir: real };
}

class OutputCapture {
  private readonly hash = createHash('sha256');
  private readonly head: Buffer;
  private readonly ring: Buffer;
  private headLength = 0;
  private ringStart = 0;
  private ringLength = 0;
  bytes = 0;

  constructor(capBytes: number) {
    const headCap = Math.floor(capBytes / 2);
    this.head = Buffer.alloc(headCap);
    this.ring = Buffer.alloc(capBytes - headCap);
  }

  write(chunk: Buffer): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    const toHead = Math.min(chunk.length, this.head.length - this.headLength);
    chunk.copy(this.head, this.headLength, 0, toHead);
    this.headLength += toHead;
    let rest = chunk.subarray(toHead);
    const size = this.ring.length;
    if (size === 0 || rest.length === 0) return;
    if (rest.length >= size) {
      rest.copy(this.ring, 0, rest.length - size);
      this.ringStart = 0;
      this.ringLength = size;
      return;
    }
    let end = (this.ringStart + this.ringLength) % size;
    while (rest.length > 0) {
      const n = Math.min(rest.length, size - end);
      rest.copy(this.ring, end, 0, n);
      rest = rest.subarray(n);
      end = (end + n) % size;
      const overflow = Math.max(0, this.ringLength + n - size);
      this.ringLength = Math.min(size, this.ringLength + n);
      this.ringStart = (this.ringStart + overflow) % size;
    }
  }

  finish(): Pick<RunCommandOutput, 'rawSha256' | 'rawBytes' | 'head' | 'tail' | 'omittedBytes'> {
    const tail = Buffer.concat([
      this.ring.subarray(
        this.ringStart,
        Math.min(this.ring.length, this.ringStart + this.ringLength),
      ),
      this.ring.subarray(0, Math.max(0, this.ringStart + this.ringLength - this.ring.length)),
    ]);
    return {
      rawSha256: this.hash.digest('hex'),
      rawBytes: this.bytes,
      head: new Uint8Array(this.head.subarray(0, this.headLength)),
      tail: new Uint8Array(tail),
      omittedBytes: this.bytes - this.headLength - tail.length,
    };
  }
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/**
 * Why the OS cannot be given this argv or environment, or undefined when it can. A NUL byte ends
 * a C string, so no process can receive one; spawn would throw instead of starting anything.
 */
function findArgvProblem(
  argv: readonly string[],
  env: Readonly<Record<string, string>>,
): string | undefined {
  const at = argv.findIndex((arg) => arg.includes('\0'));
  if (at !== -1) {
    return `argv[${at}] ${JSON.stringify(argv[at])} contains a NUL byte, which no process argument can hold: fix the control's argv`;
  }
  const name = Object.keys(env).find((key) => key.includes('\0') || env[key]!.includes('\0'));
  if (name !== undefined) return `environment variable ${JSON.stringify(name)} contains a NUL byte`;
  return undefined;
}

export function runCommand(request: RunCommandRequest): Promise<RunCommandResult> {
  const problem = findArgvProblem(request.argv, request.env);
  if (problem !== undefined) {
    return Promise.resolve({ ok: false, reason: 'argv_invalid', detail: problem, durationMs: 0 });
  }
  const cwd = resolveCwd(request.root, request.cwd);
  if ('ok' in cwd) return Promise.resolve(cwd);
  const [file, ...args] = request.argv;
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  if (file === undefined) {
    return Promise.resolve({
      ok: false,
      reason: 'spawn_failed',
      detail: 'empty argv',
      durationMs: 0,
    });
  }
  return new Promise((done) => {
    const capture = new OutputCapture(request.capBytes);
    let child: ChildProcessByStdio<null, Readable, Readable>;
    try {
      child = spawn(file, args, {
        cwd: cwd.dir,
        env: { ...request.env },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
        shell: false,
        windowsHide: true,
      });
    } catch (error) {
      // spawn validates its arguments synchronously; whatever it rejects is a refusal, not a crash.
      const detail = error instanceof Error ? error.message : String(error);
      done({
        ok: false,
        reason: 'spawn_failed',
        detail: `cannot start ${file}: ${detail}`,
        durationMs: 0,
      });
      return;
    }
    let timedOut = false;
    let settled = false;
    let exit: { code: number | null; signal: string | null } | undefined;
    const timers: NodeJS.Timeout[] = [];
    const abort = (): void => killGroup(child.pid, 'SIGKILL');
    request.signal?.addEventListener('abort', abort, { once: true });
    if (request.signal?.aborted === true) abort();
    const finish = (result: RunCommandResult): void => {
      if (settled) return;
      settled = true;
      timers.forEach(clearTimeout);
      request.signal?.removeEventListener('abort', abort);
      done(result);
    };
    child.stdout.on('data', (chunk: Buffer) => capture.write(chunk));
    child.stderr.on('data', (chunk: Buffer) => capture.write(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (exit !== undefined) return;
      const code = error.code ?? 'UNKNOWN';
      finish({
        ok: false,
        reason: 'spawn_failed',
        code,
        detail: `cannot start ${file}: ${code}`,
        durationMs: elapsed(),
      });
    });
    timers.push(
      setTimeout(() => {
        timedOut = true;
        killGroup(child.pid, 'SIGTERM');
        timers.push(setTimeout(() => killGroup(child.pid, 'SIGKILL'), KILL_GRACE_MS));
      }, request.timeoutMs),
    );
    const complete = (): void => {
      if (exit === undefined) return;
      finish({
        ok: true,
        exitCode: exit.code,
        signal: exit.signal,
        timedOut,
        durationMs: elapsed(),
        ...capture.finish(),
      });
    };
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      // Leftover grandchildren would hold the pipes open; a control leaves nothing running.
      killGroup(child.pid, 'SIGKILL');
      timers.push(
        setTimeout(() => {
          child.stdout.destroy();
          child.stderr.destroy();
          complete();
        }, DRAIN_MS),
      );
    });
    child.on('close', complete);
  });
}
