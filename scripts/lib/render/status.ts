// Human output of `proofgate status`: READY or NOT READY, the claim it would get now, then one line
// per control with its stages, efficacy and the ledger's upstream. Bounded by the caller.
import type { ControlStatus } from '../core/gate/status/compute-status.ts';
import { efficacyNexts, isMeasurable } from '../core/efficacy/efficacy-next.ts';
import { AUDIT_STAGES } from '../core/ledger/types.ts';
import type { StatusFlowResult } from '../flows/views/status-flow.ts';
import type { TrustSource } from '../core/trust/apply-trust.ts';
import { describeSigning } from './signing-text.ts';
import { statusGateLines } from './gate-line.ts';
import { outputLines, renderRules, riskNote, tally, trustLine } from './gate-text.ts';

function statusLine(s: ControlStatus, keys: TrustSource['keys']): string[] {
  const who =
    s.stages.self.actor === undefined
      ? ''
      : ` (${s.stages.self.actor.authority}, ${s.stages.self.since ?? ''})`;
  const flaky = s.flaky && !s.reason.includes('flaky') ? ' [flaky]' : '';
  const next =
    s.status === 'PASS' || s.status === 'NOT_APPLICABLE'
      ? undefined
      : (s.stages.self.next ?? Object.values(s.stages).find((st) => st.next)?.next);
  return [
    `  ${s.status.padEnd(14)} ${s.control}: ${s.reason}${flaky}${riskNote(s.risks)}${who}${s.decision === undefined ? '' : ` [${s.decision}]`}`,
    ...outputLines(s.output),
    ...(next === undefined ? [] : [`    next: ${next}`]),
    ...stageLines(s, keys),
  ];
}

/** One line per stage with a result: its status, who acted and how strongly that is shown. */
function stageLines(s: ControlStatus, keys: TrustSource['keys']): string[] {
  return AUDIT_STAGES.flatMap((stage) => {
    const st = s.stages[stage];
    if (st.actor === undefined || st.strength === undefined) {
      return st.reason.includes('do not count at') ? [`      ${stage}: ${st.reason}`] : [];
    }
    return [`      ${stage}: ${st.status} by ${st.actor.authority}, ${describeSigning(st, keys)}`];
  });
}

// The blocker count after a refused verdict; none when no control blocks it (the verdict itself
// says why, e.g. nothing applicable to claim), so the count never contradicts the verdict.
function claimBlockers(claim: NonNullable<StatusFlowResult['claimNow']>): string {
  if (claim.granted || claim.blockers === 0) return '';
  const list =
    claim.scope === 'task'
      ? 'proofgate claim --control <id> lists them'
      : 'proofgate status --blockers';
  return ` (${claim.blockers} blockers: ${list})`;
}

export function renderStatus(
  result: StatusFlowResult & { upstream?: { ref: string; commit: string } },
): string {
  const n = result.statuses.length;
  const head = result.ok
    ? `READY all ${n} controls at ${result.target} are PASS or NOT_APPLICABLE${result.claimNow?.granted === false ? `, but a ${result.claimNow.scope} claim now is refused` : ''}`
    : `NOT READY ${n} controls at ${result.target}: ${tally(result.statuses.map((s) => s.status))}`;
  const efficacy = efficacyLines(result);
  const ledger =
    result.upstream === undefined
      ? []
      : [
          `  ledger: append-only against ${result.upstream.ref} (fork point ${result.upstream.commit.slice(0, 7)})`,
        ];
  const claim = result.claimNow;
  const claimNow =
    claim === undefined
      ? []
      : [
          `  if claimed now: ${claim.verdict}${claimBlockers(claim)}`,
          ...(claim.weakened ?? []).map((reason) => `    ${reason}`),
          ...(claim.rules === undefined ? [] : renderRules(claim.rules)),
        ];
  const signed = result.statuses.some((s) =>
    Object.values(s.stages).some((st) => st.strength === 'signed'),
  );
  const stops = result.unprovenStops.map((stop) => `  warning: ${stop.warning}`);
  return `${[head, ...claimNow, ...statusGateLines(result), ...stops, ...result.statuses.flatMap((s) => statusLine(s, result.trust?.keys)), ...efficacy, ...ledger, ...trustLine(result.trust, signed)].join('\n')}\n`;
}

/** Applicable controls efficacy can measure and nobody has shown to fail, with what to run. */
function efficacyLines(result: StatusFlowResult): string[] {
  const kinds = new Map(result.statuses.map((s) => [s.control, s]));
  const unproven = result.efficacy.flatMap((e) => {
    const s = kinds.get(e.control);
    if (e.status === 'proven' || s === undefined || s.status === 'NOT_APPLICABLE') return [];
    return isMeasurable(s.execution) ? [{ ...e, type: s.execution }] : [];
  });
  if (unproven.length === 0) return [];
  return [
    `  efficacy: ${unproven.map((e) => `${e.control} ${e.status}`).join(', ')}`,
    ...efficacyNexts(unproven.map((e) => ({ id: e.control, type: e.type }))).map(
      (n) => `    next: ${n}`,
    ),
  ];
}
