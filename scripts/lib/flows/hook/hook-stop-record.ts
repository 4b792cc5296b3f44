// The Stop hook's record: the claim facts, the loop count read from the ledger's hook notes, the
// decision, and the note it needs appended (a block, or the unproven stop that ends a chain).
// A note that cannot be appended (lock, integrity, a key that is not here) leaves the stop
// blocked: an unproven stop is never let through unrecorded.
import {
  decideStop,
  type StopDecision,
  type StopFacts,
  type StopRequest,
} from '../../core/hook/decide-stop.ts';
import { countChain } from '../../core/hook/hook-notes.ts';
import { LedgerOrder } from '../../core/ledger/ledger-order.ts';
import { toJsonObject } from '../../core/ledger/to-json.ts';
import type { Actor } from '../../core/ledger/types.ts';
import type { ClaimFound, StopContext } from './hook-stop-claim.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { resolve } from 'node:path';
import type { TranscriptJudgement } from './hook-stop-transcript.ts';

type BaseRequest = Omit<StopRequest, 'facts'>;

export async function recordStop(
  request: BaseRequest,
  context: StopContext,
  controls: readonly string[],
  toFacts: (error: unknown) => StopFacts,
  transcriptPath?: string,
): Promise<StopDecision> {
  // The transcript is read while the claim half gathers its facts; the plane's policy applies after.
  const judging = transcriptPath === undefined ? undefined : startJudging(transcriptPath, context);
  let found: ClaimFound;
  try {
    const { gatherClaimFacts } = await import('./hook-stop-claim.ts');
    found = await gatherClaimFacts(context, controls);
  } catch (error) {
    return decideStop({ ...request, facts: toFacts(error) });
  }
  const { facts, plane } = found;
  if (judging !== undefined) {
    const { withPolicy } = await import('./hook-stop-transcript.ts');
    request = {
      ...request,
      transcript: withPolicy(await judging, plane.manifest.policies.transcript_unreadable),
    };
  }
  let recorded = 0;
  if (facts.kind === 'claim' && request.stopHookActive) {
    const entries = await context.gate.readEntries(plane);
    const key = { session: request.session, event: request.event, subject: facts.subject };
    recorded = countChain(entries, new LedgerOrder(entries), key);
  }
  const decision = decideStop({ ...request, facts, recorded });
  if (decision.note === undefined) return decision;
  try {
    if (found.binding === undefined) throw new Error('no subject binding to record the note on');
    const { tree, manifest, registry } = found.binding;
    await context.gate.append(plane, {
      kind: 'note',
      time: request.time,
      actor: await hookActor(context, plane),
      subject: { tree, manifest, registry },
      body: toJsonObject(decision.note),
    });
    return decision;
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    return decideStop({ ...request, facts, recorded, recordFailure: problem });
  }
}

/** Judges the transcript; a failure to read it is a judgement too (never a silent pass). */
async function startJudging(path: string, context: StopContext): Promise<TranscriptJudgement> {
  try {
    const { judgeTranscript } = await import('./hook-stop-transcript.ts');
    // The plane is read once per world: the claim half gets this same read.
    const plane = await context.gate.loadPlane(context.root);
    const commands = plane.registry.controls.flatMap((c) =>
      c.execution.type === 'command' && c.applies.value ? [c.execution.argv] : [],
    );
    return await judgeTranscript(resolve(context.ctx.cwd, path), context.gate, commands);
  } catch (error) {
    return { kind: 'unreadable', problem: error instanceof Error ? error.message : String(error) };
  }
}

/** The hook records as the agent it gates: the first authority that acts in the self stage. */
async function hookActor(context: StopContext, plane: Plane): Promise<Actor> {
  const authorities = plane.manifest.authorities.filter((a) => a.retired === undefined);
  const authority =
    authorities.find((a) => a.stages.includes('self')) ??
    authorities[0] ??
    plane.manifest.authorities[0];
  const actor = {
    label: 'proofgate hook',
    authority: authority?.id ?? 'virtual:developer',
    context: context.gate.host.defaultExecutionContext(),
  };
  const { resolveActor } = await import('../audit/resolve-actor.ts');
  return resolveActor(context.gate, context.root, actor, context.ctx.env);
}
