// Human output of `proofgate authority keys`: the verdict first.
import type { KeysReport } from '../flows/audit/keys-flow.ts';

export function renderKeys(report: KeysReport): string {
  const g = report.generated;
  if (g !== undefined) {
    return [
      `GENERATED Ed25519 key ${g.keyid} for ${g.authority}`,
      `private key: ${g.privateKeyPath} (mode 0600; never commit or share it)`,
      `public key registered in the manifest; key entry appended at ${g.entry}`,
      `entries by ${g.authority} are now signed; commit the manifest and the ledger together`,
    ].join('\n');
  }
  if (report.kept !== undefined) {
    const listed = report.authorities.find((a) => a.authority === report.kept)?.keys ?? [];
    return [
      `KEPT ${report.kept}: already has ${listed.length} registered key(s); nothing generated (--if-missing)`,
      ...listed.map(
        (k) => `${report.kept}: ${k.keyid}${k.hasPrivateKey ? ' (private key here)' : ''}`,
      ),
    ].join('\n');
  }
  const total = report.authorities.reduce((n, a) => n + a.keys.length, 0);
  const lines = [
    `KEYS ${total} registered across ${report.authorities.length} authorities (private keys looked up in ${report.keyDir})`,
  ];
  for (const a of report.authorities) {
    if (a.keys.length === 0) lines.push(`${a.authority}: no key (entries unsigned)`);
    for (const k of a.keys) {
      lines.push(
        `${a.authority}: ${k.keyid} added ${k.added}${k.hasPrivateKey ? ' (private key here)' : ''}`,
      );
    }
  }
  return lines.join('\n');
}
