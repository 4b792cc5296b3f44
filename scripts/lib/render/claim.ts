// Human output of `proofgate claim`: the verdict, how each stage was signed, then each blocker with
// its next command, the task's scope, definition and rule changes.
import { describeChange } from '../core/gate/claim/definition-diff.ts';
import type { TaskScope } from '../core/gate/select/task-scope.ts';
import { describeGrantedOnWorkingTree } from '../core/gate/claim/uncommitted.ts';
import type { ClaimFlowResult } from '../flows/claim/claim-flow.ts';
import { tallySignings } from './signing-text.ts';
import { groupAllAtOnce } from './all-at-once.ts';
import { outputLines, renderRules, trustLine } from './gate-text.ts';

function allAtOnce(blockers: ClaimFlowResult['blockers']): string[] {
  return groupAllAtOnce(blockers).map(
    ({ controls, command }) => `  next, all ${controls.length} at once: ${command}`,
  );
}

/**
 * Each signing warning once per stage, naming the controls it concerns (a same-host or own-clone
 * audit is one fact about the audit, not one per control).
 */
function signingWarnings(result: ClaimFlowResult): string[] {
  const byFlag = new Map<string, string[]>();
  for (const stage of Object.keys(result.strengths ?? {})) {
    for (const s of result.statuses) {
      for (const flag of s.stages[stage as keyof typeof s.stages].signing?.flags ?? []) {
        const key = `[${stage}] ${flag}`;
        byFlag.set(key, [...(byFlag.get(key) ?? []), s.control]);
      }
    }
  }
  return [...byFlag].map(([flag, controls]) => {
    const named =
      controls.length <= 3
        ? controls.join(', ')
        : `${controls.slice(0, 2).join(', ')} and ${controls.length - 2} more`;
    return `  warning: ${flag} (${named})`;
  });
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
  lines.push(...signingWarnings(result));
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
  if (result.teeth !== undefined) lines.push(...renderTeeth(result.teeth));
  if (result.mutants !== undefined) lines.push(...renderMutants(result.mutants));
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

/** The test files changed since the base: assertions then and now, and each loss. */
function renderTeeth(teeth: NonNullable<ClaimFlowResult['teeth']>): string[] {
  const { base, files, assertions, losses } = teeth;
  return [
    `  test files changed since ${base}: ${files.length} (assertions: ${assertions.base} on the base, ${assertions.now} now)`,
    ...losses.map((l) => `    ${l.approved ? 'approved  ' : 'unapproved'} ${l.reason}`),
  ];
}

/** The task's changed-line mutants: per test control, what applied and what was caught. */
function renderMutants(mutants: NonNullable<ClaimFlowResult['mutants']>): string[] {
  return [
    `  changed-line mutants since ${mutants.base}:`,
    ...mutants.controls.map((c) => {
      if (!c.applied || c.mutants === undefined) return `    ${c.control}: ${c.why}`;
      if (c.sites === 0)
        return `    ${c.control}: no mutation site in the changed lines (${c.why})`;
      return `    ${c.control}: ${c.killed ?? 0} of ${c.mutants} killed (${c.why})`;
    }),
  ];
}

/** The task's controls, each with why it is in the task. */
function renderTaskScope(scope: TaskScope): string[] {
  const since = scope.since === undefined ? '' : ` (the change since ${scope.since})`;
  return [
    `  task scope${since}: ${scope.controls.length} control(s)`,
    ...scope.reasons.map((r) => `    ${r.control}: ${r.reason}`),
  ];
}
