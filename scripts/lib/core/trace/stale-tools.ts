// Pinned tool and plugin versions: a pack may say which version of a tool its rules were written
// for; a trace whose header records that tool at another version was produced by a stale (or
// newer, untested) plugin and gets a block finding, like any failed rule.
import { compileRegex, isRegexLiteral } from './condition.ts';
import type { TraceHeader } from './events.ts';
import type { Pack, RuleResult } from './pack.ts';

export const STALE_TOOL_RULE = 'STALE_TOOL_VERSION';

/** The built-in rule's result, or undefined when the pack pins no version. */
export function checkToolVersions(pack: Pack, header: TraceHeader): RuleResult | undefined {
  const pinned = Object.entries(pack.tools ?? {}).filter(([, p]) => p.version !== undefined);
  if (pinned.length === 0) return undefined;
  const result: RuleResult = {
    id: STALE_TOOL_RULE,
    type: 'tool_version',
    level: 'block',
    outcome: 'pass',
    findings: [],
    droppedFindings: 0,
  };
  const recorded = header.recordedWith?.tools ?? {};
  for (const [name, policy] of pinned) {
    const want = policy.version ?? '';
    for (const spelling of [name, ...(policy.aliases ?? []).filter((a) => !a.includes('*'))]) {
      const got = recorded[spelling];
      if (got === undefined) continue;
      const ok = isRegexLiteral(want) ? compileRegex(want).test(got) : got === want;
      if (ok) continue;
      result.outcome = 'fail';
      result.findings.push({
        rule: STALE_TOOL_RULE,
        level: 'block',
        outcome: 'fail',
        message: `stale tool or plugin: the trace was recorded with ${spelling} ${got}, the pack expects ${want}`,
        at: [],
        evidence: [],
      });
    }
  }
  return result;
}
