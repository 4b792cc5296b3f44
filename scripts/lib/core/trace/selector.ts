// Selectors pick events for rules. A tool selector with ok or data conditions matches a call
// *paired with its result*, so it is decided when the result arrives.
import { compileGlob, compileWhere } from './condition.ts';
import type { Pattern } from './condition.ts';
import type { OkFilter, Selector, SelectorSpec } from './pack.ts';

/** The object rule paths read: `name`, `args.*`, `data.*`, `ok`, `content`. */
export interface View {
  kind: 'call' | 'completion' | 'message';
  event: 'tool.call' | 'user.message' | 'assistant.message';
  /** seq of the call (or message): what "before" compares. */
  seq: number;
  /** seq of the result, for completions. */
  resultSeq?: number;
  callId?: string;
  name?: string;
  args?: unknown;
  argsMissing?: boolean;
  data?: unknown;
  ok?: boolean | null;
  content?: string;
}

export type Match = 'yes' | 'no' | 'unknown';

/** What an evaluator knows of a view before reading it: enough to skip rules that cannot match. */
export interface ViewShape {
  kind: View['kind'];
  event: View['event'];
  /** The canonical tool name; '' for messages. */
  name: string;
}

export interface CompiledSelector {
  /** Must wait for the result (has an ok filter or a `data.`/`ok` condition). */
  needsResult: boolean;
  test(view: View): Match;
  /** False only when `test` answers 'no' for every view of this shape. */
  mayMatch(shape: ViewShape): boolean;
}

/** A loop, not `some` with a closure: this runs for every rule on every event. */
function namesMatch(patterns: readonly (string | Pattern)[], name: string): boolean {
  for (const p of patterns) if (typeof p === 'string' ? p === name : p.test(name)) return true;
  return false;
}

function compileOne(selector: Selector, defaultOk: OkFilter): CompiledSelector {
  const event = selector.event ?? 'tool.call';
  const tools = selector.tool === undefined ? undefined : [selector.tool].flat();
  const patterns = tools?.map((t) => (t.includes('*') || t.includes('?') ? compileGlob(t) : t));
  const ok = event === 'tool.call' ? (selector.ok ?? defaultOk) : 'any';
  const where = selector.where;
  const whereHolds = compileWhere(where);
  const needsResult =
    event === 'tool.call' &&
    (ok !== 'any' || Object.keys(where ?? {}).some((p) => p === 'ok' || p.startsWith('data')));
  return {
    needsResult,
    mayMatch(shape) {
      if (shape.event !== event) return false;
      if (needsResult && shape.kind !== 'completion') return false;
      return patterns === undefined || namesMatch(patterns, shape.name);
    },
    test(view) {
      if (view.event !== event) return 'no';
      if (needsResult && view.kind !== 'completion') return 'no';
      if (patterns !== undefined && !namesMatch(patterns, view.name ?? '')) return 'no';
      if (whereHolds(view) !== true) return 'no';
      if (ok === 'any') return 'yes';
      if (view.ok === null || view.ok === undefined) return 'unknown';
      return view.ok === ok ? 'yes' : 'no';
    },
  };
}

/** A list of selectors means "any of". `defaultOk` is true for evidence, 'any' for subjects. */
export function compileSelector(spec: SelectorSpec, defaultOk: OkFilter): CompiledSelector {
  const parts = [spec].flat().map((s) => compileOne(s, defaultOk));
  return {
    needsResult: parts.some((p) => p.needsResult),
    mayMatch: (shape) => parts.some((p) => p.mayMatch(shape)),
    test(view) {
      let result: Match = 'no';
      for (const part of parts) {
        const one = part.test(view);
        if (one === 'yes') return 'yes';
        if (one === 'unknown') result = 'unknown';
      }
      return result;
    },
  };
}

/**
 * Whether `view` is the moment to decide `selector`: subjects without result conditions are
 * decided at the call, the rest at the completion. Messages are decided when they arrive.
 */
export function isDecisionPoint(selector: CompiledSelector, view: View | ViewShape): boolean {
  if (view.kind === 'message') return true;
  return selector.needsResult ? view.kind === 'completion' : view.kind === 'call';
}

/** Whether a view of this shape may be decided 'yes' or 'unknown' at its decision point. */
export const mayDecide = (selector: CompiledSelector, shape: ViewShape): boolean =>
  isDecisionPoint(selector, shape) && selector.mayMatch(shape);
