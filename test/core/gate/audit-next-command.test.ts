// The audit a refusal names must count once it is recorded: where a stage counts only when signed
// (engineering_ready and up) and the auditor has no registered key, the key comes first; otherwise
// the agent would run a whole audit that the next claim ignores as an unsigned label.
import { describe, expect, test } from 'vitest';
import { formatAuditCommand } from '../../../scripts/lib/core/next/next-command.ts';

const AUDIT =
  'proofgate audit --audit-stage cross --review-run latest --control T.unit --authority-id virtual:quality --execution-context local:cross-audit';
const quality = { id: 'virtual:quality', kind: 'virtual', stages: ['cross'] };

describe('formatAuditCommand', () => {
  test('an unkeyed auditor where signatures count generates its key first', () => {
    expect(formatAuditCommand('T.unit', 'cross', undefined, [quality], true)).toBe(
      `proofgate authority keys generate --authority-id virtual:quality --if-missing && ${AUDIT}`,
    );
  });

  test('a keyed auditor, or a maturity where labels count, audits at once', () => {
    const keyed = { ...quality, keys: [{ keyid: 'k' }] };
    expect(formatAuditCommand('T.unit', 'cross', undefined, [keyed], true)).toBe(AUDIT);
    expect(formatAuditCommand('T.unit', 'cross', undefined, [quality], false)).toBe(AUDIT);
  });

  test('with no auditor registered: register it, give it a key, then audit', () => {
    expect(formatAuditCommand('T.unit', 'cross', undefined, [], true)).toBe(
      `proofgate authority add virtual:quality --stage cross && proofgate authority keys generate --authority-id virtual:quality --if-missing && ${AUDIT}`,
    );
  });

  test('a retired auditor does not act, even with a key', () => {
    const retired = { ...quality, retired: '2026-01-01', keys: [{ keyid: 'k' }] };
    expect(formatAuditCommand('T.unit', 'cross', undefined, [retired], true)).toMatch(
      /^proofgate authority add virtual:quality --stage cross && proofgate authority keys generate/,
    );
  });
});
