// Lines the gate's verdicts share: a status tally, a failed output's tail, a control's risks, where
// the keys behind "signed" came from, and where the deciding rules came from.
import type { RulesReport } from '../core/gate/claim/base-rules.ts';
import { readMoreCommand, type FailureOutput } from '../core/gate/output/failure-lines.ts';
import type { TrustSource } from '../core/trust/apply-trust.ts';

export function tally(statuses: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${n} ${s}`).join(', ');
}

/** Under a FAIL line: the last lines of its output, then how to read more of it. */
export function outputLines(output: FailureOutput | undefined): string[] {
  if (output === undefined) return [];
  return [...output.tail.map((l) => `    | ${l}`), `    next: ${readMoreCommand(output.object)}`];
}

/** ` [inline script]`, ` [risk: publishes]`: what the control's command is, beside its status. */
export function riskNote(risks: readonly string[] | undefined): string {
  if (risks === undefined || risks.length === 0) return '';
  const other = risks.filter((r) => r !== 'inline');
  return `${risks.includes('inline') ? ' [inline script]' : ''}${other.length > 0 ? ` [risk: ${other.join(', ')}]` : ''}`;
}

/** Where the keys behind "signed" came from: shown when a result leans on a signature or a file. */
export function trustLine(trust: TrustSource | undefined, signed: boolean): string[] {
  if (trust === undefined || (!signed && trust.file === undefined)) return [];
  const keys = (trust.keys ?? []).map(
    (k) => `    key ${k.authority} ${k.keyid.slice(0, 12)}…: ${k.text}`,
  );
  return [`  trust: ${trust.text}`, ...keys];
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
