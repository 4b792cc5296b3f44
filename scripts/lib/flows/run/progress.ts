// Progress of a run on standard error: a line when each control starts and ends (with its elapsed
// time) and a heartbeat while a long one is still running, so a five-minute run is not silent.
// Progress is never part of the result: stdout stays one document.
import type { Context } from '../../core/context.ts';

/** Default interval between heartbeats of one running control. */
const HEARTBEAT_MS = 10_000;

export interface ProgressReporter {
  started(control: string): void;
  finished(control: string, status: string): void;
}

/** Where progress goes and how often a long control says it is still running. */
export interface ProgressSink {
  write: (text: string) => void;
  heartbeatMs?: number;
}

interface ProgressOptions extends ProgressSink {
  /** Number of controls that will run, for the `k/n` counter. */
  total: number;
  /** Milliseconds now; default `Date.now`. */
  now?: () => number;
  verb?: string;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export function createProgress(options: ProgressOptions): ProgressReporter {
  const now = options.now ?? Date.now;
  const verb = options.verb ?? 'evaluate';
  const interval = options.heartbeatMs ?? HEARTBEAT_MS;
  const running = new Map<string, { at: number; timer: ReturnType<typeof setInterval> }>();
  let done = 0;
  return {
    started(control) {
      const at = now();
      const timer = setInterval(() => {
        options.write(`${verb}: ${control} still running (${seconds(now() - at)})\n`);
      }, interval);
      // a heartbeat must never keep the process alive on its own
      if (typeof timer === 'object' && 'unref' in timer) timer.unref();
      running.set(control, { at, timer });
      options.write(`${verb}: ${control} started (${running.size} running)\n`);
    },
    finished(control, status) {
      const entry = running.get(control);
      if (entry !== undefined) clearInterval(entry.timer);
      running.delete(control);
      done += 1;
      const elapsed = entry === undefined ? '' : ` in ${seconds(now() - entry.at)}`;
      options.write(`${verb}: ${control} ${status}${elapsed} (${done}/${options.total} done)\n`);
    },
  };
}

/** No output at all: under --json or --quiet, unless --progress was given. */
export const SILENT_PROGRESS: ProgressReporter = {
  started: () => undefined,
  finished: () => undefined,
};

/** When stderr is not a terminal, progress starts once a run has lasted this long. */
const QUIET_START_MS = 5_000;

/**
 * Where a verb's progress goes, undefined for none: stderr with `--progress` (even under --json),
 * never under --json or --quiet otherwise; on a terminal from the start, and elsewhere (a CI log,
 * a pipe) once the run has lasted a few seconds, so a short run prints nothing and a long one is
 * never silent. Lines are plain text either way. PROOFGATE_HEARTBEAT_MS shortens the heartbeat and
 * PROOFGATE_PROGRESS_AFTER_MS the wait off a terminal (tests).
 */
export function progressSink(
  options: { json: boolean; progress?: boolean; quiet?: boolean },
  ctx: Context,
): ProgressSink | undefined {
  const asked = options.progress === true;
  if (!asked && (options.json || options.quiet === true)) return undefined;
  const heartbeat = Number(ctx.env['PROOFGATE_HEARTBEAT_MS']);
  const every = Number.isSafeInteger(heartbeat) && heartbeat > 0 ? { heartbeatMs: heartbeat } : {};
  if (asked || ctx.errIsTerminal === true)
    return { write: (text) => ctx.err.write(text), ...every };
  const after = Number(ctx.env['PROOFGATE_PROGRESS_AFTER_MS']);
  const wait = Number.isSafeInteger(after) && after >= 0 ? after : QUIET_START_MS;
  // Wall time, not the context's clock: this is about how long the process has been running.
  const start = Date.now();
  return {
    write: (text) => {
      if (Date.now() - start >= wait) ctx.err.write(text);
    },
    ...every,
  };
}
