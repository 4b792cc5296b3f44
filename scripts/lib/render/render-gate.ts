// Human output of the gate flows: the verdict on the first line, then one line per control that
// needs attention with its reason and the exact next command. Bounded by the caller (boundText).
import { describeChange } from '../core/gate/claim/definition-approval.ts';
import type { RulesReport } from '../core/gate/claim/base-rules.ts';
import type { TaskScope } from '../core/gate/select/task-scope.ts';
import type { ControlStatus } from '../core/gate/status/compute-status.ts';
import { describeGrantedOnWorkingTree } from '../core/gate/claim/uncommitted.ts';
import { efficacyNexts, isMeasurable } from '../core/efficacy/efficacy-next.ts';
import { readMoreCommand, type FailureOutput } from '../core/gate/output/failure-lines.ts';
import { AUDIT_STAGES } from '../core/ledger/types.ts';
import type { AttestFlowResult } from '../flows/attest-flow.ts';
import type { AuditFlowResult } from '../flows/audit-flow.ts';
import type { ClaimFlowResult } from '../flows/claim-flow.ts';
import type { EvaluateRunResult } from '../flows/evaluate-flow.ts';
import type { EvaluateResult } from '../flows/evaluate-rounds.ts';
import type { StatusFlowResult } from '../flows/status-flow.ts';
import type { TrustSource } from '../core/trust/apply-trust.ts';
import { describeSigning, tallySignings } from './signing-text.ts';
import { withheldLine } from './withheld-line.ts';
import { groupAllAtOnce } from './all-at-once.ts';
import { statusGateLines } from './gate-line.ts';

function tally(statuses: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${n} ${s}`).join(', ');
}

/** Under a FAIL line: the last lines of its output, then how to read more of it. */
function outputLines(output: FailureOutput | undefined): string[] {
  if (output === undefined) return [];
  return [...output.tail.map((l) => `    | ${l}`), `    next: ${readMoreCommand(output.object)}`];
}

/** OK only when status would say so; INCOMPLETE when nothing failed but something is still TODO. */
function evaluateVerdict(result: EvaluateRunResult): string {
  if (result.ok) return 'OK';
  const failed = result.results.some((r) => r.status === 'FAIL' || r.status === 'BLOCKED');
  return failed ? 'FAIL' : 'INCOMPLETE';
}

export function renderEvaluateRun(result: EvaluateRunResult): string {
  const statuses = result.results.map((r) => r.status);
  const head = result.dryRun
    ? `DRY RUN ${result.results.length} controls at ${result.target}: nothing was run or recorded`
    : `${evaluateVerdict(result)} ${result.results.length} controls at ${result.target}: ${tally(statuses) || 'none selected'}`;
  const lines = [head];
  if (result.shard !== undefined) {
    const { index, count, of } = result.shard;
    lines.push(
      `  shard ${index}/${count}: ${result.results.length} of the ${of} selected controls`,
    );
  }
  for (const r of result.results) {
    const entry = r.entry === undefined ? '' : ` [entry ${r.entry.slice(0, 12)}]`;
    lines.push(
      `  ${r.status.padEnd(8)} ${r.control}: ${r.reason}${entry}`,
      ...outputLines(r.output),
    );
    if (r.next !== undefined) lines.push(`    next: ${r.next}`);
    const withheld = withheldLine(r.withheld_env, r.withheld_others);
    if (withheld !== undefined) lines.push(withheld);
  }
  return `${lines.join('\n')}\n`;
}

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

/** ` [inline script]`, ` [risk: publishes]`: what the control's command is, beside its status. */
export function riskNote(risks: readonly string[] | undefined): string {
  if (risks === undefined || risks.length === 0) return '';
  const other = risks.filter((r) => r !== 'inline');
  return `${risks.includes('inline') ? ' [inline script]' : ''}${other.length > 0 ? ` [risk: ${other.join(', ')}]` : ''}`;
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

/** Where the keys behind "signed" came from: shown when a result leans on a signature or a file. */
function trustLine(trust: TrustSource | undefined, signed: boolean): string[] {
  if (trust === undefined || (!signed && trust.file === undefined)) return [];
  const keys = (trust.keys ?? []).map(
    (k) => `    key ${k.authority} ${k.keyid.slice(0, 12)}…: ${k.text}`,
  );
  return [`  trust: ${trust.text}`, ...keys];
}

function allAtOnce(blockers: ClaimFlowResult['blockers']): string[] {
  return groupAllAtOnce(blockers).map(
    ({ controls, command }) => `  next, all ${controls.length} at once: ${command}`,
  );
}

export function renderClaim(result: ClaimFlowResult): string {
  const lines = [result.verdict];
  if (result.granted && result.uncommitted !== undefined)
    lines.push(`  ${describeGrantedOnWorkingTree(result.uncommitted)}`);
  const keys = result.trust?.keys;
  for (const stage of Object.keys(result.strengths ?? {})) {
    const parts = tallySignings(result.statuses, stage, keys);
    if (parts.length > 0) lines.push(`  ${stage}: ${parts.join('; ')}`);
  }
  const signed = Object.values(result.strengths ?? {}).some((counts) => counts.signed > 0);
  lines.push(...trustLine(result.trust, signed));
  for (const w of result.warnings ?? []) lines.push(`  warning: ${w}`);
  for (const s of result.statuses) {
    for (const stage of Object.keys(result.strengths ?? {})) {
      for (const flag of s.stages[stage as keyof typeof s.stages].signing?.flags ?? [])
        lines.push(`  warning: ${s.control} [${stage}]: ${flag}`);
    }
  }
  const outputs = new Map(result.statuses.map((s) => [s.control, s.output]));
  const shown = new Set<string>();
  for (const b of result.blockers) {
    const output = b.status === 'FAIL' && b.stage === 'self' ? outputs.get(b.control) : undefined;
    lines.push(
      `  ${b.status.padEnd(8)} ${b.control} [${b.stage}]: ${b.reason}`,
      ...outputLines(output),
    );
    // A control blocked at two stages by one missing run needs that command once.
    if (b.next !== undefined && !shown.has(`${b.control}\0${b.next}`)) {
      shown.add(`${b.control}\0${b.next}`);
      lines.push(`    next: ${b.next}`);
    }
  }
  lines.push(...allAtOnce(result.blockers));
  if (result.taskScope !== undefined) lines.push(...renderTaskScope(result.taskScope));
  if (result.definitions !== undefined) {
    const { base, changes } = result.definitions;
    lines.push(
      changes.length === 0
        ? `  control definitions: unchanged since ${base}`
        : `  control definitions changed since ${base}: ${changes.length}`,
    );
    for (const c of changes)
      lines.push(`    ${c.approved ? 'approved  ' : 'unapproved'} ${describeChange(c)}`);
  }
  if (result.rules !== undefined) lines.push(...renderRules(result.rules));
  const inline = result.statuses.filter((s) => s.risks?.includes('inline')).map((s) => s.control);
  if (inline.length > 0)
    lines.push(
      `  inline script: ${inline.join(', ')} (the control runs code written in the registry, not a project command)`,
    );
  if (result.entry !== undefined)
    lines.push(`  recorded as claim entry ${result.entry.slice(0, 12)}`);
  else if (result.granted) lines.push('  not recorded (--no-record)');
  return `${lines.join('\n')}\n`;
}

/** The task's controls, each with why it is in the task. */
function renderTaskScope(scope: TaskScope): string[] {
  const since = scope.since === undefined ? '' : ` (the change since ${scope.since})`;
  return [
    `  task scope${since}: ${scope.controls.length} control(s)`,
    ...scope.reasons.map((r) => `    ${r.control}: ${r.reason}`),
  ];
}

/** Where the deciding rules came from, and each rule change the change under review makes. */
export function renderRules(rules: RulesReport): string[] {
  if (rules.base === undefined || rules.commit === undefined)
    return [`  rules: ${rules.reason ?? "this working tree's own"}`];
  const at = `${rules.base} (${rules.commit.slice(0, 12)})`;
  if (rules.from === 'working')
    return [`  rules: from the working tree, not ${at}: ${rules.reason ?? ''}`.trimEnd()];
  if (rules.changes.length === 0) return [`  rules: from ${at}; the change alters none`];
  return [
    `  rules: from ${at}; ${rules.changes.length} change(s) to them apply once merged:`,
    ...rules.changes.map((c) => `    not in effect: ${c}`),
  ];
}

export function renderAudit(result: AuditFlowResult): string {
  const disputed = result.results.filter((r) => r.agreement === 'disputed').length;
  const head = result.ok
    ? `AGREED ${result.stage} audit of ${result.results.length} controls: all PASS`
    : `${disputed > 0 ? 'DISPUTED' : 'NOT PASSED'} ${result.stage} audit of ${result.results.length} controls: ${tally(result.results.map((r) => r.agreement))}`;
  const lines = [head];
  for (const r of result.results) {
    const diff = r.differences.length > 0 ? `: ${r.differences.join('; ')}` : '';
    lines.push(
      `  ${r.agreement.padEnd(12)} ${r.control}: reviewed ${r.reviewedStatus} (${r.reviewed.slice(0, 12)}), audit ${r.status}${diff} [entry ${r.entry.slice(0, 12)}]`,
    );
    const withheld = withheldLine(r.withheld_env, r.withheld_others);
    if (withheld !== undefined) lines.push(withheld);
    if (r.same_clone !== undefined)
      lines.push(`    warning: ${r.same_clone}; it does not count from engineering_ready up`);
  }
  return `${lines.join('\n')}\n`;
}

export function renderAttest(result: AttestFlowResult): string {
  const until = result.expires === undefined ? '' : ` until ${result.expires}`;
  const evidence =
    result.evidence === undefined ? '' : `\n  evidence object ${result.evidence.slice(0, 12)}`;
  return `ATTESTED ${result.control} ${result.status}${until} [entry ${result.entry.slice(0, 12)}]${evidence}\n`;
}

/** `proofgate evaluate`: the run. */
export function renderEvaluate(r: EvaluateResult): string {
  return renderEvaluateRun(r.run);
}
