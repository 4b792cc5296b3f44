// Human output of `proofgate verify`: the verdict first, then one `file:line: CODE message` each.
import { describeVerified } from '../core/ledger/describe-verified.ts';
import type { VerifyReport } from '../flows/ledger/verify-flow.ts';
import { gateLine } from './gate-line.ts';

export function renderVerify(report: VerifyReport): string {
  const scope =
    report.mode === 'base'
      ? `${report.checkedLines} new lines since ${report.base ?? 'base'} in ${report.segments} segments`
      : `${report.checkedLines} lines in ${report.segments} segments`;
  const against =
    report.upstream === undefined
      ? ''
      : `, append-only against ${report.upstream.ref} (fork point ${report.upstream.commit.slice(0, 7)})`;
  const verdict = report.ok
    ? `INTACT ledger: ${scope} checked${against}, 0 findings`
    : `TAMPERED ledger: ${report.findingCount} findings in ${scope}${against}${
        report.findingCount > report.findings.length
          ? ` (the first ${report.findings.length} listed)`
          : ''
      }`;
  const lines = [verdict];
  if (report.ok) {
    lines.push(`verified: ${describeVerified(report.counts, report.base)}`);
    lines.push(`trust: ${report.trust.text}`);
    for (const line of report.authorizedRules ?? []) lines.push(`  authorized: ${line}`);
  }
  const checkpoint = report.checkpoint;
  if (checkpoint !== undefined) {
    lines.push(
      'untrusted' in checkpoint
        ? `checkpoint: none in use, verdicts read the whole ledger (${checkpoint.untrusted})`
        : `checkpoint: verdicts start from ${checkpoint.entry} (covers ${checkpoint.covered} lines, keeps ${checkpoint.retained}) and verify only what follows`,
    );
  }
  for (const fix of report.repaired) {
    lines.push(
      `repaired ${fix.file}: removed ${fix.removedBytes} torn bytes (sha256 ${fix.removedSha256}), recorded in a note entry`,
    );
  }
  for (const fork of report.forks ?? []) {
    lines.push(
      `recorded fork ${fork.file}:${fork.line}: a second line with seq ${fork.seq} (sha256 ${fork.lineSha256}) copied verbatim into a note entry; nothing rewritten`,
    );
  }
  for (const f of report.findings) lines.push(`${f.file}:${f.line}: ${f.code} ${f.message}`);
  lines.push(gateLine(report.tool));
  if (!report.ok)
    lines.push(
      'next: inspect each location with git log -p; never rewrite the ledger, append a note instead',
    );
  return `${lines.join('\n')}\n`;
}
