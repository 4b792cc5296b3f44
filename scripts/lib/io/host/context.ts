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

async function readAllStdin(): Promise<string> {
  if (process.stdin.isTTY === true) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
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
