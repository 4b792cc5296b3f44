// The only place that reads process state for a command (see ARCHITECTURE.md).
import type { Clock, Context } from '../../core/context.ts';

/** PROOFGATE_NOW (ISO time) fixes the clock, for golden transcripts and reproducible demos. */
function createClock(env: NodeJS.ProcessEnv): Clock {
  const fixed = env['PROOFGATE_NOW'];
  if (fixed !== undefined && fixed !== '') {
    const at = new Date(fixed);
    if (!Number.isNaN(at.getTime())) return { now: () => new Date(at) };
  }
  return { now: () => new Date() };
}

// Standard input, read to its end, on the event loop (never blocking the main thread, so a writer
// that never closes the pipe still meets the Stop hook's deadline). Listening for the stream's
// events, not iterating it: the async iterator's machinery cost ~2 ms more of every hook's start.
function readAllStdin(): Promise<string> {
  const stdin = process.stdin;
  if (stdin.isTTY === true) return Promise.resolve('');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
    stdin.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stdin.once('error', reject);
  });
}

export function createRealContext(): Context {
  return {
    cwd: process.cwd(),
    env: process.env,
    clock: createClock(process.env),
    out: { write: (text) => void process.stdout.write(text) },
    err: { write: (text) => void process.stderr.write(text) },
    errIsTerminal: process.stderr.isTTY === true,
    readStdin: readAllStdin,
  };
}
