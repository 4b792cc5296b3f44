// `proofgate query <view> [id]` as text: the view and its item count, the rules a blockers view
// decided under, then one line per item.
import type { QueryResult } from '../flows/query-flow.ts';
import { renderRules } from './render-gate.ts';

export function renderQuery(result: QueryResult): string {
  const head = `${result.view}${result.id === undefined ? '' : ` ${result.id}`}: ${result.items.length} item(s)`;
  const rules = result.rules === undefined ? [] : renderRules(result.rules);
  return `${[head, ...rules, ...result.items.map((i) => `  ${i.line}`)].join('\n')}\n`;
}
