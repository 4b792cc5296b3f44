// Streaming evaluation of a pack over normalized events: push events in order, then finish.
// Memory holds open calls and whatever state each rule needs, never the whole trace.
import type { RecordCounts, TraceEvent, TraceHeader } from './events.ts';
import type { Finding, Outcome, Pack, RuleResult } from './pack.ts';
import { createNameResolver, resolveOk } from './resolve-ok.ts';
import { createLineIndex } from './line-index.ts';
import { createRuleIndex } from './rule-index.ts';
import { checkToolVersions } from './stale-tools.ts';
import type { FindingExtra, Reporter, RuleRuntime } from './rules/define-rule.ts';
import { ruleTypes } from './rules/index.ts';
import type { View } from './selector.ts';

/** Findings kept per rule; the rest are counted (a huge bad trace must not exhaust memory). */
const MAX_FINDINGS_PER_RULE = 50;

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

/** An open call is its call view (never mutated: rules may keep views). */
type OpenCall = View & { name: string; argsMissing: boolean };

function createReporter(result: RuleResult, message: string, unknownFails: boolean): Reporter {
  const add = (
    outcome: 'fail' | 'unknown',
    detail: string,
    at: number[],
    evidence: number[] = [],
    extra: FindingExtra = {},
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
      ...extra,
    });
  };
  return {
    fail: (d, a, e, x) => add('fail', d, a, e, x),
    unknown: (d, a, e, x) =>
      add(unknownFails ? 'fail' : 'unknown', unknownFails ? `undecidable: ${d}` : d, a, e, x),
  };
}

export interface EvaluatorOptions {
  /** Offer each view only to the rules that can act on it (default); false: every rule sees all. */
  indexed?: boolean;
}

export function createEvaluator(pack: Pack, options: EvaluatorOptions = {}) {
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
  const rulesFor = createRuleIndex(runtimes, options.indexed ?? true);
  const lines = createLineIndex();
  const open = new Map<string, OpenCall>();
  const byType = { 'tool.call': 0, 'tool.result': 0, 'assistant.message': 0, 'user.message': 0 };
  let final: View | undefined;
  let undecided = 0;
  const show = (view: View): void => {
    for (const runtime of rulesFor(view.kind, view.event, view.name ?? '')) runtime.see(view);
  };
  return {
    push(event: TraceEvent): void {
      byType[event.type]++;
      lines.note(event.seq, event.src);
      if (event.type === 'tool.call') {
        const name = canonical(event.name);
        const argsMissing = event.argsMissing === true || event.args === undefined;
        const view: OpenCall = {
          kind: 'call',
          event: 'tool.call',
          seq: event.seq,
          callId: event.callId,
          name,
          args: event.args,
          argsMissing,
        };
        open.set(event.callId, view);
        show(view);
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
