// Human output of `proofgate attest`: the attested status and its entry.
import type { AttestFlowResult } from '../flows/audit/attest-flow.ts';

export function renderAttest(result: AttestFlowResult): string {
  const until = result.expires === undefined ? '' : ` until ${result.expires}`;
  const evidence =
    result.evidence === undefined ? '' : `\n  evidence object ${result.evidence.slice(0, 12)}`;
  return `ATTESTED ${result.control} ${result.status}${until} [entry ${result.entry.slice(0, 12)}]${evidence}\n`;
}
