// Streaming evaluation of a pack over normalized events: push events in order, then finish.
// Memory holds open calls and whatever state each rule needs, never the whole trace.
import type { RecordCounts, TraceEvent, TraceHeader } from './events.ts';
import type { Finding, Outcome, Pack, RuleResult } from './pack.ts';
import { createNameResolver, resolveOk } from './resolve-ok.ts';
import { checkToolVersions } from './stale-tools.ts';
import type { Reporter, RuleRuntime } from './rules/define-rule.ts';
import { ruleTypes } from './rules/index.ts';
import type { View } from './selector.ts';

/** Findings kept per rule; the rest are counted (a huge bad trace must not exhaust memory). */
export const MAX_FINDINGS_PER_RULE = 50;

export interface Coverage {
  events: number;
  byType: Record<TraceEvent['type'], number>;
  /** Results whose ok stayed unknown after okWhen. */
  undecidedResults: number;
  records: RecordCounts;
  rulesEvaluated: number;
  outcomes: Record<Outcome, number>;
}

export interface TraceVerdict {
  header: TraceHeader;
  pack: string;
  coverage: Coverage;
  rules: RuleResult[];
  findings: Finding[];
}

interface OpenCall {
  seq: number;
  name: string;
  args: unknown;
  argsMissing: boolean;
}

function createReporter(result: RuleResult, message: string, unknownFails: boolean): Reporter {
  const add = (
    outcome: 'fail' | 'unknown',
    detail: string,
    at: number[],
    evidence: number[] = [],
  ): void => {
    if (outcome === 'fail') result.outcome = 'fail';
    else if (result.outcome === 'pass') result.outcome = 'unknown';
    if (result.findings.length >= MAX_FINDINGS_PER_RULE) {
      result.droppedFindings++;
      return;
    }
    result.findings.push({
      rule: result.id,
      level: result.level,
      outcome,
      message: `${message}: ${detail}`,
      at,
      evidence,
    });
  };
  return {
    fail: (d, a, e) => add('fail', d, a, e),
    unknown: (d, a, e) =>
      add(unknownFails ? 'fail' : 'unknown', unknownFails ? `undecidable: ${d}` : d, a, e),
  };
}

/**
 * seq → line of the trace file (`L12`, `L3-L5`), 4 bytes per event in a growing typed array so
 * a trace of millions of events can still place every finding. Other files (subagents) and
 * formats without lines (`messages[3]`, `span …`) have none.
 */
function createLineIndex() {
  let lines = new Int32Array(1024);
  return {
    note(seq: number, src: string | undefined): void {
      // Hand-parsed: this runs once per event, on the hot path.
      if (src === undefined || src.charCodeAt(0) !== 76 || seq < 0) return;
      let line = 0;
      for (let i = 1; i < src.length && i < 11; i++) {
        const digit = src.charCodeAt(i) - 48;
        if (digit < 0 || digit > 9) break;
        line = line * 10 + digit;
      }
      if (line === 0) return;
      if (seq >= lines.length) {
        if (seq > 1 << 30) return;
        const bigger = new Int32Array(Math.max(seq + 1, lines.length * 2));
        bigger.set(lines);
        lines = bigger;
      }
      lines[seq] = line;
    },
    of(seq: number | undefined): number | undefined {
      const line = seq === undefined ? 0 : (lines[seq] ?? 0);
      return line > 0 ? line : undefined;
    },
  };
}

export function createEvaluator(pack: Pack) {
  const canonical = createNameResolver(pack);
  const results: RuleResult[] = [];
  const runtimes: RuleRuntime[] = [];
  for (const rule of pack.rules) {
    const type = ruleTypes.find((t) => t.type === rule.type);
    if (type === undefined) throw new Error(`unknown rule type ${rule.type}`);
    const result: RuleResult = {
      id: rule.id,
      type: rule.type,
      level: rule.level,
      outcome: 'pass',
      findings: [],
      droppedFindings: 0,
    };
    results.push(result);
    runtimes.push(
      type.compile(rule, createReporter(result, rule.message, rule.onUnknown === 'fail')),
    );
  }
  const lines = createLineIndex();
  const open = new Map<string, OpenCall>();
  const byType = { 'tool.call': 0, 'tool.result': 0, 'assistant.message': 0, 'user.message': 0 };
  let final: View | undefined;
  let undecided = 0;
  const show = (view: View): void => {
    for (const runtime of runtimes) runtime.see(view);
  };
  return {
    push(event: TraceEvent): void {
      byType[event.type]++;
      lines.note(event.seq, event.src);
      if (event.type === 'tool.call') {
        const name = canonical(event.name);
        const argsMissing = event.argsMissing === true || event.args === undefined;
        open.set(event.callId, { seq: event.seq, name, args: event.args, argsMissing });
        show({
          kind: 'call',
          event: 'tool.call',
          seq: event.seq,
          callId: event.callId,
          name,
          args: event.args,
          argsMissing,
        });
      } else if (event.type === 'tool.result') {
        const call = open.get(event.callId);
        if (call === undefined) {
          for (const runtime of runtimes) runtime.orphan?.(event.seq, event.callId);
          return;
        }
        open.delete(event.callId);
        const ok = resolveOk(event, pack.tools?.[call.name]);
        if (ok === null) undecided++;
        show({
          kind: 'completion',
          event: 'tool.call',
          seq: call.seq,
          resultSeq: event.seq,
          callId: event.callId,
          name: call.name,
          args: call.args,
          argsMissing: call.argsMissing,
          data: event.data,
          ok,
        });
      } else {
        const view: View = {
          kind: 'message',
          event: event.type,
          seq: event.seq,
          content: event.content,
        };
        // The final reply is the main agent's: a subagent's last words are not the answer.
        if (event.type === 'assistant.message' && event.agent === undefined) final = view;
        show(view);
      }
    },
    finish(header: TraceHeader, records: RecordCounts): TraceVerdict {
      for (const runtime of runtimes) runtime.finish?.({ final });
      const stale = checkToolVersions(pack, header);
      if (stale !== undefined && !results.some((r) => r.id === stale.id)) results.push(stale);
      const outcomes = { pass: 0, fail: 0, unknown: 0 };
      for (const result of results) outcomes[result.outcome]++;
      const events = Object.values(byType).reduce((a, b) => a + b, 0);
      return {
        header,
        pack: pack.pack,
        coverage: {
          events,
          byType,
          undecidedResults: undecided,
          records,
          rulesEvaluated: results.length,
          outcomes,
        },
        rules: results,
        findings: results.flatMap((r) => {
          for (const f of r.findings) {
            const line = lines.of(f.at[0]);
            if (line !== undefined) f.line = line;
          }
          return r.findings;
        }),
      };
    },
  };
}

/** Block findings decide the exit code; `failOn: warn` lets warnings fail too. */
export function hasFailingFindings(verdict: TraceVerdict, failOn: 'block' | 'warn'): boolean {
  return verdict.rules.some(
    (r) => r.outcome === 'fail' && (r.level === 'block' || failOn === 'warn'),
  );
}
