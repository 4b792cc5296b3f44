// Human output of `proofgate export --trust-root`: the trust file itself on stdout, or one line saying
// what was written where.
import type { TrustResult } from '../flows/ledger/trust-flow.ts';

export function renderTrust(result: TrustResult): string {
  const { trust } = result;
  if (result.written === undefined) return `${JSON.stringify(trust, null, 2)}\n`;
  const keys = trust.authorities.reduce((n, a) => n + a.keys.length, 0);
  const heads = Object.keys(trust.heads).length;
  return [
    `EXPORTED trust root of ledger ${trust.ledger_id} to ${result.written}`,
    `  ${trust.authorities.length} authorities, ${keys} keys, ${heads} segment heads`,
    '  keep it outside the repository; pass it to verdicts and verify with --trust <file>',
    '',
  ].join('\n');
}
