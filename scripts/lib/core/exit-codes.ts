import type { ExitCode } from './errors.ts';

// The CLI contract (DESIGN.md "CLI contract"; documented in references/exit-codes.md).
export type ExitReason = 'ok' | 'refused' | 'usage' | 'integrity' | 'environment';

export const exitReasons = {
  ok: { code: 0, message: 'ok / granted' },
  refused: { code: 1, message: 'refused or findings: claim refused, control FAIL, block finding' },
  usage: {
    code: 2,
    message:
      'usage, configuration or input error: bad flag, invalid YAML, schema violation, unknown id',
  },
  integrity: { code: 3, message: 'integrity violation: ledger or evidence tampered, chain broken' },
  environment: {
    code: 4,
    message: 'environment unavailable: not a git repository, lock not acquired in time',
  },
} as const satisfies Record<ExitReason, { code: ExitCode; message: string }>;
