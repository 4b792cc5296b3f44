// The shape of a rule primitive (see ARCHITECTURE.md). A rule sees the trace once, in order, as views
// (calls, completions, messages) and keeps only the state it needs: evaluation streams.
import type { RuleBase } from '../pack.ts';
import type { View, ViewShape } from '../selector.ts';

/** What a finding may add: the sentence it quotes and the call it rests on. */
export interface FindingExtra {
  quote?: string;
  callId?: string;
  /** How the finding names that call (e.g. its command). */
  callName?: string;
}

export interface Reporter {
  fail(detail: string, at: number[], evidence?: number[], extra?: FindingExtra): void;
  unknown(detail: string, at: number[], evidence?: number[], extra?: FindingExtra): void;
}

interface EndState {
  /** The last assistant message: the reply the user saw. */
  final: View | undefined;
}

export interface RuleRuntime {
  /**
   * Whether `see` may change state or report for a view of this shape, asked once per shape so
   * an evaluator offers each view only to the rules that can act on it. Absent: every view.
   */
  wants?(shape: ViewShape): boolean;
  see(view: View): void;
  /** A result whose call was never seen (or was already answered). */
  orphan?(resultSeq: number, callId: string): void;
  finish?(end: EndState): void;
}

export interface RuleType<Spec> {
  type: string;
  describe: string;
  compile(spec: Spec & RuleBase, report: Reporter): RuleRuntime;
}

export function defineRule<Spec>(rule: RuleType<Spec>): RuleType<Spec> {
  return rule;
}

/** JSON of the values at the `same` paths: the correlation key (undefined when a path is missing). */
export function correlationKey(
  view: View,
  paths: readonly string[],
  read: (root: unknown, path: string) => { found: boolean; value: unknown },
): string | undefined {
  if (paths.length === 0) return '';
  const values: unknown[] = [];
  for (const path of paths) {
    const one = read(view, path);
    if (!one.found) return undefined;
    values.push(one.value);
  }
  return JSON.stringify(values);
}

export const seqsOf = (view: View): number[] =>
  view.resultSeq === undefined ? [view.seq] : [view.seq, view.resultSeq];
