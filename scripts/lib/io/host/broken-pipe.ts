// A reader that stops early (`proofgate status | head -1`) closes the pipe; the next write to it
// fails with EPIPE. That is the reader's choice, not a fault: the verb finishes and exits with
// its own code, and nothing more is written to the closed stream. Any other stream error still
// surfaces.
const CLOSED_PIPE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED']);

function ignoreClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== undefined && CLOSED_PIPE.has(error.code)) return;
    throw error;
  });
}

export function tolerateClosedPipes(): void {
  ignoreClosedPipe(process.stdout);
  ignoreClosedPipe(process.stderr);
}
