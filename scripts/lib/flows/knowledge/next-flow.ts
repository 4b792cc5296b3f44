// next: ranks what a project and a release claim would refuse now (the blockers `claim` itself
// names, under its rules: claim-now.ts), then the knowledge plane's suggestions after them:
// traceability gaps and open hypotheses (core/knowledge/rank-next.ts).
import { resolve } from 'node:path';
import {
  buildRequirementGraph,
  gapsBlockingAt,
} from '../../core/knowledge/build-requirement-graph.ts';
import { foldHypotheses } from '../../core/knowledge/decide-hypotheses.ts';
import { parseRequirementFile } from '../../core/knowledge/parse-requirements.ts';
import { ADOPT_COMMAND } from '../../core/next/next-command.ts';
import type { RequirementGap } from '../../core/knowledge/build-requirement-graph.ts';
import {
  blockerItems,
  cutRanked,
  gapItem,
  hypothesisItems,
  rankNext,
} from '../../core/knowledge/rank-next.ts';
import type { RankedItem } from '../../core/knowledge/rank-next.ts';
import type { ClaimBlocker } from '../../core/gate/claim/decide-claim.ts';
import type { RulesReport } from '../../core/gate/claim/base-rules.ts';
import { filterByNegatives } from '../../core/knowledge/negative-filter.ts';
import type { Filtered } from '../../core/knowledge/negative-filter.ts';
import type { World, WorldExtras } from '../../core/world/world.ts';
import type { CommonOptions } from '../../core/options.ts';

export interface NextOptions extends CommonOptions {
  /** Basis points of the list given to exploration. */
  share: number;
  seed: string;
  top: number;
  requirements: string[];
  /** Rank the blockers of this claim only; without it, a project's and a release's. */
  scope?: VerdictScope;
  /** `--trust FILE`: the auditor's trust root (references/trust.md). */
  trust?: string;
}

type VerdictScope = 'project' | 'release';

export interface NextResult {
  items: RankedItem[];
  /** Items before `--top` cut the list. */
  total: number;
  /** False until a decision source is wired in; controls are then missing from the list. */
  hasControlStatuses: boolean;
  /** The verdict line of the first claim whose blockers are ranked (the project's by default). */
  verdict?: string;
  /** The verdict line of every claim whose blockers are ranked (project, then release). */
  verdicts?: string[];
  /** Open hypotheses a case's negative result rules out: shown with the case id, never ranked. */
  filtered: Filtered[];
  /** Where the rules of that claim decision came from, as `claim` says it. */
  rules?: RulesReport;
}

/** The claim decisions of `scopes` now, in that order: each verdict line and its blockers. */
export type VerdictSource = (
  root: string,
  scopes: readonly VerdictScope[],
) => Promise<{ verdict: string; blockers: ClaimBlocker[]; rules?: RulesReport }[] | undefined>;

/** Without --scope: what a project claim and a release claim would refuse. */
const BOTH: readonly VerdictScope[] = ['project', 'release'];

/** A gap a command can close; a requirement without a risk or control is closed in the registry. */
function gapCommand(gap: RequirementGap): string | undefined {
  if (gap.kind === 'missing_verification') return ADOPT_COMMAND;
  if (gap.kind === 'missing_evidence' && gap.control !== undefined)
    return `proofgate evaluate --run --control ${gap.control}`;
  return undefined;
}

export async function nextFlow(
  options: NextOptions,
  world: World & Pick<WorldExtras, 'knowledge'>,
  decide: VerdictSource = () => Promise.resolve(undefined),
): Promise<NextResult> {
  const { planeFiles } = world;
  const root = await world.resolveRoot(options.root);
  const plane = planeFiles.loadPlane(root);
  const files = options.requirements.map((p) =>
    parseRequirementFile(planeFiles.readYamlFile(resolve(root, p), p), p),
  );
  const graph = buildRequirementGraph(plane.registry, files);
  const blocking = new Set(gapsBlockingAt(graph.gaps, plane.manifest.profile.target_maturity));
  const knowledge = world.knowledge.createKnowledgeIO({ root });
  const board = foldHypotheses(await knowledge.read('hypotheses'));
  const cases = (await knowledge.read('cases')).flatMap((r) => (r.op === 'case' ? [r.case] : []));
  const filtered = filterByNegatives(board, cases);
  const ruledOut = new Set(filtered.map((f) => f.id));
  const decisions = await decide(root, options.scope === undefined ? BOTH : [options.scope]);
  const open = openBlockers(decisions ?? []);
  const named = new Set(open.map((b) => b.control));
  const suggestions = [
    // A gap the decision already names (as `requirement:<id>`) is listed once, as its blocker.
    ...graph.gaps
      .filter((g) => !named.has(`requirement:${g.requirement}`))
      .map((g) =>
        gapItem(
          `${g.requirement}${g.control === undefined ? '' : `/${g.control}`}`,
          `${g.kind} (from ${g.maturity})`,
          blocking.has(g) ? 900 : 500,
          gapCommand(g),
        ),
      ),
    ...hypothesisItems(board.filter((h) => !ruledOut.has(h.id))),
  ];
  const rank = { explorationShare: options.share, seed: options.seed };
  const blockers = rankNext(blockerItems(open), rank);
  const after = rankNext(suggestions, rank);
  // What a claim refuses comes first; the knowledge plane's suggestions fill the rest of --top.
  const items = [
    ...cutRanked(blockers, options.top),
    ...cutRanked(after, Math.max(0, options.top - blockers.length)),
  ];
  const first = decisions?.[0];
  return {
    items,
    total: blockers.length + after.length,
    hasControlStatuses: decisions !== undefined,
    ...(first === undefined ? {} : { verdict: first.verdict }),
    ...(decisions === undefined ? {} : { verdicts: decisions.map((d) => d.verdict) }),
    filtered,
    ...(first?.rules === undefined ? {} : { rules: first.rules }),
  };
}

/** Every blocker of the decisions, each control, stage and status once (project's first). */
function openBlockers(decisions: readonly { blockers: readonly ClaimBlocker[] }[]): ClaimBlocker[] {
  const seen = new Set<string>();
  return decisions.flatMap((d) =>
    d.blockers.filter((b) => {
      const key = `${b.control}\u0000${b.stage}\u0000${b.status}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
  );
}
