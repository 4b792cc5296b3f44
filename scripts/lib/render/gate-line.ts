// The running gate and its trust state in one line (verify always, status when it refuses the
// claim); the digests are in --json.
import type { ToolBinding } from '../core/gate/claim/tool-trust.ts';
import type { StatusFlowResult } from '../flows/views/status-flow.ts';

export function gateLine(tool: ToolBinding): string {
  const why = tool.reasons.length === 0 ? '' : ` (${tool.reasons.join('; ')})`;
  return `gate: proofgate ${tool.version}, trust ${tool.trust}${why}`;
}

/** Status: the gate line when the gate itself refuses the claim, else nothing. */
export function statusGateLines(result: StatusFlowResult): string[] {
  const blocks = result.tool?.trust === 'modified' || result.claimNow?.toolBlocked === true;
  return result.tool === undefined || !blocks ? [] : [`  ${gateLine(result.tool)}`];
}
