// The rule-pack model, pinned to controls/schema/trace-pack.schema.json (the source of truth).
import type { Where } from './condition.ts';

type Level = 'block' | 'warn';
export type OkFilter = boolean | 'any';

export interface Selector {
  /** Which stream: tool calls (default; ok/data conditions see the paired result) or messages. */
  event?: 'tool.call' | 'user.message' | 'assistant.message';
  tool?: string | string[];
  ok?: OkFilter;
  where?: Where;
}
export type SelectorSpec = Selector | Selector[];

export interface ToolPolicy {
  /** Vendor spellings of the same tool (`order_get` for `order.get`). */
  aliases?: string[];
  /** Conditions on the result ({data, error}); all must hold for ok. Missing paths → unknown. */
  okWhen?: Where;
  /** The version traces must be recorded with (exact, or "/regex/"); another is a finding. */
  version?: string;
}

export interface RuleBase {
  id: string;
  level: Level;
  message: string;
  type: string;
  /** `fail` turns this rule's unknown outcomes into failures (default: report them as unknown). */
  onUnknown?: 'fail' | 'unknown';
}

export interface Pack {
  pack: string;
  description?: string;
  tools?: Record<string, ToolPolicy>;
  rules: (RuleBase & Record<string, unknown>)[];
}

export type Outcome = 'pass' | 'fail' | 'unknown';

export interface Finding {
  rule: string;
  level: Level;
  outcome: 'fail' | 'unknown';
  message: string;
  /** seq of the offending events. */
  at: number[];
  /** seq of the events that were evidence (or the closest the rule found). */
  evidence: number[];
  /** Line in the trace file of the first offending event, when the format has lines. */
  line?: number;
  /** `final_claim`: the sentence of the final reply that made the claim. */
  quote?: string;
  /** `final_claim`: the id of the call the claim rests on. */
  callId?: string;
  /** `final_claim`: how that call is named (the value at the rule's `show`, e.g. its command). */
  callName?: string;
}

export interface RuleResult {
  id: string;
  type: string;
  level: Level;
  outcome: Outcome;
  findings: Finding[];
  /** Findings beyond the kept ones (memory stays bounded on huge traces). */
  droppedFindings: number;
}
