// Final ok of a tool result: a native failure always wins; synthetic results stay unknown; the
// pack's okWhen decides where the format cannot (and may veto a native "ok", e.g. HTTP 200 with
// {"ok": false}); otherwise the adapter's value stands, null meaning unknown - never ok.
import { compileGlob, testWhere } from './condition.ts';
import type { Pattern } from './condition.ts';
import type { ToolResultEvent } from './events.ts';
import type { Pack, ToolPolicy } from './pack.ts';

export function resolveOk(result: ToolResultEvent, policy: ToolPolicy | undefined): boolean | null {
  if (result.ok === false) return false;
  if (result.error?.type === 'outcome_unknown') return null;
  if (policy?.okWhen === undefined) return result.ok;
  const verdict = testWhere({ data: result.data, error: result.error }, policy.okWhen);
  if (verdict === false) return false;
  return verdict === null ? null : true;
}

/** Vendor tool names → the pack's canonical names. Aliases may use `*` (`mcp__*__order_get`). */
export function createNameResolver(pack: Pack): (name: string) => string {
  const exact = new Map<string, string>();
  const globs: [Pattern, string][] = [];
  for (const [name, policy] of Object.entries(pack.tools ?? {})) {
    for (const alias of policy.aliases ?? []) {
      if (!alias.includes('*')) exact.set(alias, name);
      else globs.push([compileGlob(alias), name]);
    }
  }
  const cache = new Map<string, string>();
  return (name) => {
    const found = exact.get(name) ?? cache.get(name);
    if (found !== undefined) return found;
    const resolved = globs.find(([re]) => re.test(name))?.[1] ?? name;
    if (cache.size < 10_000) cache.set(name, resolved);
    return resolved;
  };
}
