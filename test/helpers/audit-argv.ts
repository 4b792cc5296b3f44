// The argv of the usual cross audit in tests and benches: virtual:quality re-runs the latest run
// of every control, from the execution context given.
export const crossAuditArgv = (context: string): string[] => [
  ...['audit', '--audit-stage', 'cross', '--review-run', 'latest'],
  ...['--authority-id', 'virtual:quality', '--execution-context', context],
];
