// Argv pieces of the gate verbs as tests and benches spell them: who acts, and the usual cross
// audit (virtual:quality re-runs the latest run of every control).

/** `--authority-id <id> --execution-context <context>`. */
export const actingAs = (authority: string, context: string): string[] => [
  ...['--authority-id', authority],
  ...['--execution-context', context],
];

/** A cross audit of the latest run, without the auditor's identity. */
export const CROSS_AUDIT = ['audit', '--audit-stage', 'cross', '--review-run', 'latest'];

export const crossAuditArgv = (context: string): string[] => [
  ...CROSS_AUDIT,
  ...actingAs('virtual:quality', context),
];
