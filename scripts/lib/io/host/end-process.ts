// Ends the process soon after a verb's output is written, whatever work is still pending: a hung
// stdin or git child, or a ledger read the hook stopped waiting for. The output is written
// synchronously before this fires (stdout to a pipe or file is synchronous on Linux).
/** The exit code is whatever the dispatcher set (process.exitCode). */
export function endSoonAfterOutput(delayMs = 100): void {
  setTimeout(() => process.exit(), delayMs).unref();
}
