// The traceability part of the report: each requirement's chain requirement → risk → control →
// evidence → outcome, from buildRequirementGraph, with the gaps that block claims at the target.
import type { ControlStatus } from '../gate/status/compute-status.ts';
import {
  buildRequirementGraph,
  gapsBlockingAt,
  type RequirementFile,
  type RequirementEvidence,
  type RequirementGap,
} from '../knowledge/build-requirement-graph.ts';
import type { Maturity, Registry } from '../plane/types.ts';

interface RequirementChain {
  requirement: string;
  label: string;
  risks: string[];
  /** Controls reached from the requirement, directly or through its risks. */
  controls: { id: string; status: string; evidence?: string }[];
  gaps: RequirementGap[];
}

export interface RequirementChains {
  chains: RequirementChain[];
  gaps: RequirementGap[];
  /** Gaps that block claims at the target maturity. */
  blocking: RequirementGap[];
  /** Applicable controls that no requirement or risk leads to. */
  unlinked: string[];
  nodes: number;
  edges: number;
}

export function buildRequirementChains(
  registry: Registry,
  requirementFiles: readonly RequirementFile[],
  statuses: readonly ControlStatus[],
  target: Maturity,
): RequirementChains {
  // The evidence of a control is the entry that decides its self stage now (or the latest on other code).
  const evidence: RequirementEvidence[] = statuses.flatMap((s) =>
    s.stages.self.entry === undefined
      ? []
      : [{ control: s.control, entry: s.stages.self.entry, status: s.status }],
  );
  const graph = buildRequirementGraph(registry, requirementFiles, evidence);
  const statusOf = new Map(statuses.map((s) => [s.control, s]));
  const targets = (from: string, kind: string): string[] =>
    graph.edges.filter((e) => e.from === from && e.kind === kind).map((e) => e.to);
  const reachedControls = new Set<string>();
  const chains = graph.nodes
    .filter((n) => n.kind === 'requirement')
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((node): RequirementChain => {
      const requirement = node.id.slice('requirement:'.length);
      const risks = targets(node.id, 'has_risk');
      const controlKeys = [
        ...new Set([
          ...targets(node.id, 'verified_by'),
          ...risks.flatMap((r) => targets(r, 'mitigated_by')),
        ]),
      ].sort();
      for (const k of controlKeys) reachedControls.add(k);
      return {
        requirement,
        label: node.label,
        risks: risks.map((r) => r.slice('risk:'.length)).sort(),
        controls: controlKeys.map((key) => {
          const id = key.slice('control:'.length);
          const status = statusOf.get(id);
          const entry = status?.stages.self.entry;
          return {
            id,
            status: status?.status ?? 'UNKNOWN',
            ...(entry === undefined ? {} : { evidence: entry }),
          };
        }),
        gaps: graph.gaps.filter((g) => g.requirement === requirement),
      };
    });
  return {
    chains,
    gaps: graph.gaps,
    blocking: gapsBlockingAt(graph.gaps, target),
    unlinked: registry.controls
      .filter((c) => c.applies.value)
      .map((c) => c.id)
      .filter((id) => !reachedControls.has(`control:${id}`)),
    nodes: graph.nodes.length,
    edges: graph.edges.length,
  };
}
