// Human output of `proofgate export`: what was signed and written, or whether an envelope verifies.
import type { ExportResult } from '../flows/ledger/export-flow.ts';

export function renderExport(result: ExportResult): string {
  if (result.mode === 'claim') {
    return [
      `EXPORTED claim ${result.claim.slice(0, 12)} to ${result.written}`,
      `  subject: ${result.statement.subject[0]?.name ?? ''} gitCommit ${result.commit}`,
      `  signed by ${result.authority} keyid ${result.keyid.slice(0, 12)}… (DSSE, in-toto Statement v1, ${result.statement.predicateType})`,
      '',
    ].join('\n');
  }
  const subject = result.subject?.[0];
  const lines = result.ok
    ? [
        `VERIFIED ${result.file}: signed by ${result.authority ?? '?'} keyid ${(result.keyid ?? '').slice(0, 12)}… of trust file ${result.trust}`,
        ...(subject === undefined
          ? []
          : [`  subject: ${subject.name} gitCommit ${subject.digest.gitCommit}`]),
        ...(result.predicateType === undefined ? [] : [`  predicate: ${result.predicateType}`]),
      ]
    : [`NOT VERIFIED ${result.file} against trust file ${result.trust}`];
  for (const problem of result.problems) lines.push(`  ${problem}`);
  return `${lines.join('\n')}\n`;
}
