// `proofgate query <view> [id]` (and `status --blockers`) as text: the view and its item count,
// the rules a blockers view decided under, then one line per item; or as one JSON document.
import type { QueryResult } from '../flows/views/query-flow.ts';
import { renderRules } from './gate-text.ts';

export function renderQuery(result: QueryResult): string {
  const head = `${result.view}${result.id === undefined ? '' : ` ${result.id}`}: ${result.items.length} item(s)`;
  const rules = result.rules === undefined ? [] : renderRules(result.rules);
  return `${[head, ...rules, ...result.items.map((i) => `  ${i.line}`)].join('\n')}\n`;
}

/** The same view as one JSON document: the items' data, and the rules of a blockers view. */
export function queryToJson(result: QueryResult): unknown {
  return {
    view: result.view,
    ...(result.id === undefined ? {} : { id: result.id }),
    items: result.items.map((i) => i.data).filter((d) => Object.keys(d).length > 0),
    ...(result.rules === undefined ? {} : { rules: result.rules }),
  };
}
