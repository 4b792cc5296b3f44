// The one decision behind every verdict of a scope ("what is open"): claim, readiness, `query
// blockers`, `next`, hook stop, the evaluate summary and the report's "if claimed now" all call
// decideVerdict, so they name the same blockers and the same refusal. Pure: statuses, entries and
// bindings come in already gathered.
import type { StoredEntry, SubjectBinding } from '../ledger/types.ts';
import type { ClaimScope, Control, Manifest } from '../plane/types.ts';
import type { Plane } from '../plane/plane.ts';
import { efficacyOptOut, findEfficacyGaps } from '../efficacy/efficacy-status.ts';
import type { ControlStatus } from '../gate/status/compute-status.ts';
import { manifestCiBlockers } from '../brownfield/ci-tiers.ts';
import { unmappedInstructions } from '../gate/claim/instruction-policy.ts';
import { buildRequirementGraph, gapsBlockingAt } from '../knowledge/build-requirement-graph.ts';
import type { RequirementFile } from '../knowledge/build-requirement-graph.ts';
import {
  decideClaim,
  withBlockers,
  type ClaimBlocker,
  type ClaimDecision,
} from '../gate/claim/decide-claim.ts';
import { uncommittedBlockers, type Uncommitted } from '../gate/claim/uncommitted.ts';
import { toolBlockers, toolPolicyOf, type ToolBinding } from '../gate/claim/tool-trust.ts';
import {
  instructionDriftVerdict,
  type InstructionFindings,
} from '../gate/claim/instruction-drift.ts';
import { nextCommand } from '../next/next-table.ts';

/** What a verdict is decided from: the statuses of exactly the claimed controls and their world. */
export interface GatheredVerdict {
  target: ClaimDecision['target'];
  statuses: readonly ControlStatus[];
  entries: readonly StoredEntry[];
  /** Current binding of each claimed control. */
  subjects: ReadonlyMap<string, SubjectBinding>;
  /** Files the bindings judged that no commit holds: a release is refused over them. */
  uncommitted?: Uncommitted | undefined;
  /** The manifest's requirement files, read where the deciding rules say (project, release). */
  requirements?: RequirementSources | undefined;
  /** The gate's own trust state: a modified gate refuses every claim. */
  tool?: ToolBinding | undefined;
  /** Instruction sources drifted since mapping, and instruction files found after init. */
  instructions?: InstructionFindings | undefined;
}

/** Requirement files as the deciding rules list them, parsed; a file that cannot be used is a problem. */
export interface RequirementSources {
  files: RequirementFile[];
  /** A listed file that is missing, empty or malformed: each blocks project and release claims. */
  problems: { file: string; reason: string }[];
}

/**
 * The verdict of a claim of `scope` over the gathered controls: the claim policy's stages, then
 * efficacy (release), required remote CI results, unmapped agent instructions and traceability
 * gaps, each adding its blockers.
 */
export function decideVerdict(
  scope: ClaimScope,
  plane: Pick<Plane, 'manifest' | 'registry'>,
  gathered: GatheredVerdict,
): ClaimDecision & { warnings?: string[] } {
  const decision = withEfficacyGaps(
    decideClaim({
      scope,
      target: gathered.target,
      manifest: plane.manifest,
      statuses: gathered.statuses,
    }),
    plane.manifest,
    plane.registry.controls,
    gathered,
  );
  const tree = [...gathered.subjects.values()][0]?.tree;
  const ci =
    tree === undefined ? [] : manifestCiBlockers(scope, plane.manifest, gathered.entries, tree);
  const unmapped = unmappedInstructions(plane.manifest);
  const drift = instructionDriftVerdict(plane.manifest, gathered.instructions);
  const optOut = scope === 'release' ? efficacyOptOut(plane.manifest) : undefined;
  const instructions = {
    blockers: [...unmapped.blockers, ...drift.blockers],
    warnings: [...unmapped.warnings, ...drift.warnings, ...(optOut === undefined ? [] : [optOut])],
  };
  const decided = withBlockers(
    withBlockers(
      withBlockers(
        withBlockers(decision, ci, 'required remote CI result(s) missing or not PASS'),
        toolBlockers(gathered.tool, toolPolicyOf(plane.manifest)),
        'untrusted gate: proofgate itself is not what it is compared with',
      ),
      instructions.blockers,
      'agent instruction file(s) not mapped to any control or changed since mapped',
    ),
    scope === 'task'
      ? []
      : [
          ...requirementFileBlockers(gathered.requirements),
          ...requirementGapBlockers(
            plane,
            gathered.statuses,
            decision.blockers,
            gathered.requirements?.files ?? [],
          ),
        ],
    'traceability gap(s) block claims at this maturity',
  );
  const released = scope === 'release' ? withUncommitted(decided, gathered.uncommitted) : decided;
  const judged: ClaimDecision =
    gathered.tool?.trust === 'modified' ? { ...released, gateModified: true } : released;
  return instructions.warnings.length === 0
    ? judged
    : { ...judged, warnings: instructions.warnings };
}

/**
 * Traceability gaps of the registry (the graph `sync` and `readiness` build) that block claims at
 * the target maturity; a gap on a control that already blocks is not listed twice.
 */
function requirementGapBlockers(
  plane: Pick<Plane, 'registry' | 'manifest'>,
  statuses: readonly ControlStatus[],
  already: readonly ClaimBlocker[],
  files: readonly RequirementFile[],
): ClaimBlocker[] {
  const evidence = statuses.flatMap((s) =>
    s.stages.self.entry === undefined
      ? []
      : [{ control: s.control, entry: s.stages.self.entry, status: s.stages.self.status }],
  );
  const blocked = new Set(already.map((b) => b.control));
  const graph = buildRequirementGraph(plane.registry, files, evidence);
  return gapsBlockingAt(graph.gaps, plane.manifest.profile.target_maturity)
    .filter((g) => g.control === undefined || !blocked.has(g.control))
    .map((g) => ({
      control: g.control ?? `requirement:${g.requirement}`,
      stage: 'self' as const,
      status: 'TODO' as const,
      reason: `traceability gap ${g.kind} ${g.requirement}${g.control === undefined ? '' : ` via ${g.control}`} blocks claims from ${g.maturity}`,
      next: `${nextCommand('knowledgeSync')} (lists every gap); map the requirement to a risk and a control in controls/registry.yaml`,
    }));
}

/** A listed requirement file that cannot be read blocks: a requirement is never dropped silently. */
function requirementFileBlockers(sources: RequirementSources | undefined): ClaimBlocker[] {
  return (sources?.problems ?? []).map((p) => ({
    control: `requirement-file:${p.file}`,
    stage: 'self' as const,
    status: 'TODO' as const,
    reason: `requirement file ${p.file}: ${p.reason}`,
    next: 'restore the file, or unlist it from requirement_files in controls/manifest.yaml (a change to the manifest takes effect once merged)',
  }));
}

/** A release ships a commit: one over files no commit holds is refused until they are committed. */
function withUncommitted(
  decision: ClaimDecision,
  uncommitted: Uncommitted | undefined,
): ClaimDecision {
  const blockers = uncommittedBlockers(uncommitted);
  const refused = withBlockers(decision, blockers, 'uncommitted');
  if (!decision.granted || uncommitted === undefined) return refused;
  const files = uncommitted.modified.length + uncommitted.untracked.length;
  return {
    ...refused,
    verdict: `REFUSED [release] a release binds a commit: ${files} file(s) in the judged tree are not committed`,
  };
}

/**
 * Release claims while efficacy is required (`policies.efficacy_required_for_release`, by default
 * from production_ready): a hard gate nobody has shown to fail on planted defects blocks the
 * release like a missing result.
 */
function withEfficacyGaps(
  decision: ClaimDecision,
  manifest: Manifest,
  controls: readonly Control[],
  gathered: Pick<GatheredVerdict, 'entries' | 'subjects'>,
): ClaimDecision {
  if (decision.scope !== 'release') return decision;
  const digests = new Map(
    [...gathered.subjects].flatMap(([id, s]) => (s.control === undefined ? [] : [[id, s.control]])),
  );
  const gaps = findEfficacyGaps(manifest, controls, gathered.entries, digests);
  if (gaps.length === 0) return decision;
  const { body: _body, ...refused } = decision;
  return {
    ...refused,
    granted: false,
    verdict: `REFUSED [release] ${gaps.length} hard gate(s) have no efficacy evidence${decision.granted ? '' : `; and ${decision.verdict.replace(/^REFUSED \[release\] /, '')}`}`,
    blockers: [
      ...decision.blockers,
      ...gaps.map((g) => ({
        control: g.control,
        stage: 'self' as const,
        status: 'TODO' as const,
        reason: `efficacy ${g.status}: ${g.reason}`,
        next: g.next,
      })),
    ],
  };
}
