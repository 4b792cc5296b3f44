// Human output of `proofgate attest`: the attested status and its entry.
import type { AttestBinds, AttestFlowResult } from '../flows/audit/attest-flow.ts';

const BINDS: Record<AttestBinds, string> = {
  inputs: "the control's inputs as they are now: a change to them needs a new attestation",
  tree: 'the code as it is now: any later change (the next task too) needs a new attestation',
  standing: 'the control definition only (--standing): current until it expires',
};

export function renderAttest(result: AttestFlowResult): string {
  const until = result.expires === undefined ? '' : ` until ${result.expires}`;
  const evidence =
    result.evidence === undefined ? '' : `\n  evidence object ${result.evidence.slice(0, 12)}`;
  return `ATTESTED ${result.control} ${result.status}${until} [entry ${result.entry.slice(0, 12)}]\n  binds: ${BINDS[result.binds]}${evidence}\n`;
}
