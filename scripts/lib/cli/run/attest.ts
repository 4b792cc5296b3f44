// The real-world wiring of `proofgate attest`: the repository root and the signing world of the
// attesting authority (its key or keyless identity), then the flow.
import type { Context } from '../../core/context.ts';
import type { SignMode } from '../../core/ledger/keyless.ts';
import type { CommonOptions } from '../../core/options.ts';
import { attestFlow, type AttestFlowResult } from '../../flows/attest-flow.ts';
import { openGateRun } from '../gate-run.ts';
import type { ActorFlags } from '../gate-flags.ts';

export interface AttestOptions extends CommonOptions {
  control: string;
  status: 'PASS' | 'FAIL';
  note: string;
  evidence: string | undefined;
  expires: string | undefined;
  actor: ActorFlags;
  sign?: SignMode;
  sigstoreRoot?: string | undefined;
}

export async function runAttest(options: AttestOptions, ctx: Context): Promise<AttestFlowResult> {
  const { root, io, actor } = await openGateRun(options, ctx);
  return attestFlow(
    {
      root,
      control: options.control,
      status: options.status,
      note: options.note,
      ...(options.evidence === undefined ? {} : { evidence: options.evidence }),
      ...(options.expires === undefined ? {} : { expires: options.expires }),
      actor,
    },
    ctx,
    io,
  );
}
