// Which rules a view is offered to, by its shape (kind, event, canonical tool name): decided once
// per shape from each rule's `wants`, so a rule about refund.create never reads an order.get result.
// Rules without `wants` (an `exact` sequence: an unexpected call matters) see every view.
import type { RuleRuntime } from './rules/define-rule.ts';
import type { View, ViewShape } from './selector.ts';

/** Distinct tool names remembered per kind; past that (a hostile trace), each view is decided anew. */
const MAX_NAMES = 4096;

export type RulesFor = (
  kind: View['kind'],
  event: View['event'],
  name: string,
) => readonly RuleRuntime[];

export function createRuleIndex(runtimes: readonly RuleRuntime[], indexed: boolean): RulesFor {
  if (!indexed) return () => runtimes;
  const select = (shape: ViewShape): readonly RuleRuntime[] =>
    runtimes.filter((r) => r.wants === undefined || r.wants(shape));
  const byKind = { call: new Map<string, readonly RuleRuntime[]>(), completion: new Map() };
  const messages = {
    'user.message': select({ kind: 'message', event: 'user.message', name: '' }),
    'assistant.message': select({ kind: 'message', event: 'assistant.message', name: '' }),
  };
  return (kind, event, name) => {
    if (kind === 'message') return event === 'tool.call' ? runtimes : messages[event];
    const cache = byKind[kind] as Map<string, readonly RuleRuntime[]>;
    const known = cache.get(name);
    if (known !== undefined) return known;
    const chosen = select({ kind, event, name });
    if (cache.size < MAX_NAMES) cache.set(name, chosen);
    return chosen;
  };
}
