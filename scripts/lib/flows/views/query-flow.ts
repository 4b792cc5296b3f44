// `proofgate query`: gathers what a view needs (verified entries, statuses, knowledge, the requirement
// graph) and hands it to the pure views in core/gate/query/query-views.ts.
import type { World, WorldExtras } from '../../core/world/world.ts';
import { toRepoPath } from '../../core/knowledge/repo-path.ts';
import type { Context } from '../../core/context.ts';
import { UsageError } from '../../core/errors.ts';
import {
  buildRequirementGraph,
  walkRequirements,
} from '../../core/knowledge/build-requirement-graph.ts';
import { decisionsTouching, foldDecisions } from '../../core/knowledge/decide-decisions.ts';
import {
  authorityView,
  blockersView,
  controlView,
  describeEntry,
  findEntry,
  headView,
  type QueryItem,
  type QueryView,
} from '../../core/gate/query/query-views.ts';
import {
  entryView,
  findAnyEntry,
  subjectView,
  type SubjectNames,
} from '../../core/gate/query/query-entry-views.ts';
import type { StoredEntry } from '../../core/ledger/types.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { BaseRules, RulesReport } from '../../core/gate/claim/base-rules.ts';
import { evidenceView, type EvidenceReadOptions } from './query-evidence.ts';
import { decideClaimNow } from '../claim/claim-now.ts';
import { gatherStatuses } from '../claim/gather-statuses.ts';
import { COMMITS_SEARCHED } from '../../core/world/subject-port.ts';

export interface QueryFlowOptions {
  root: string;
  view: QueryView;
  id: string | undefined;
  path: string | undefined;
  /** The claim scope of the blockers view; project when not given. */
  scope?: 'project' | 'release';
  /** How `query evidence` reads the object: --tail, --grep, and the human output's bound. */
  read: EvidenceReadOptions;
  /**
   * The blockers view: the rules `claim` decides with (trusted-rules.ts readViewRules), null when
   * there is no base (the tree's own, said so; the default).
   */
  rulesAtBase?: BaseRules | null;
}

export interface QueryResult {
  view: QueryView;
  id?: string;
  items: QueryItem[];
  /** The blockers view: where the deciding rules came from, as `claim` says it. */
  rules?: RulesReport;
}

const NEEDS_ID: readonly QueryView[] = ['control', 'evidence', 'chain', 'subject'];

/** Names the subject trees of `stored` (and what it cites) with the commits that have them. */
async function subjectNames(
  { subject }: Pick<World, 'subject'>,
  plane: Plane,
  stored: readonly StoredEntry[],
): Promise<SubjectNames> {
  const trees = new Set(stored.map((s) => s.entry.subject.tree));
  return {
    commitOf: await subject.findSubjectCommits(plane, trees),
    excludes: subject.subjectExcludes(plane),
    searched: COMMITS_SEARCHED,
  };
}

/** One entry in full: `query entry` for any kind, `query claim` for claims. */
async function oneEntry(io: World, plane: Plane, stored: StoredEntry, entries: StoredEntry[]) {
  const sizes = new Map<string, number | undefined>();
  for (const digest of stored.entry.storage.objects)
    sizes.set(digest, (await io.objects(plane).get(digest))?.length);
  return entryView(stored, entries, await subjectNames(io, plane, [stored]), sizes);
}

export async function queryFlow(
  options: QueryFlowOptions,
  ctx: Context,
  io: World & Pick<WorldExtras, 'knowledge'>,
): Promise<QueryResult> {
  const { view, id } = options;
  if (NEEDS_ID.includes(view) && id === undefined)
    throw new UsageError('MISSING_ARG', `query ${view} needs an id`, {
      expected: `proofgate query ${view} <id>`,
    });
  const plane = await io.loadPlane(options.root);
  const result = (items: QueryItem[]): QueryResult => ({
    view,
    ...(id === undefined ? {} : { id }),
    items,
  });
  switch (view) {
    case 'control': {
      const gathered = await gatherStatuses(plane, [id!], ctx, io);
      return result(controlView(gathered.statuses[0]!, await io.readEntries(plane)));
    }
    case 'blockers': {
      // What is open has one answer: the claim's own decision under its rules, blocker for blocker.
      const scope = options.scope ?? 'project';
      const atBase = options.rulesAtBase ?? null;
      const now = await decideClaimNow(plane, atBase, { scope, ids: [] }, ctx, io);
      return {
        ...result(blockersView(now.decision.blockers)),
        ...(now.rules === undefined ? {} : { rules: now.rules }),
      };
    }
    case 'run':
      return result([describeEntry(findEntry(await io.readEntries(plane), id, view))]);
    case 'claim': {
      const entries = await io.readEntries(plane);
      return result(await oneEntry(io, plane, findEntry(entries, id, 'claim'), entries));
    }
    case 'entry': {
      const entries = await io.readEntries(plane);
      return result(await oneEntry(io, plane, findAnyEntry(entries, id), entries));
    }
    case 'subject': {
      const commit = await io.git.resolveCommit(plane.root, id!);
      if (commit === undefined)
        throw new UsageError('UNKNOWN_ID', `${id!} is not a commit in this repository`, {
          expected: 'a commit id, branch or tag, e.g. HEAD or 04ba4df',
          next: 'git log --oneline lists the commits',
        });
      const tree = await io.subject.commitSubjectTree(plane, commit);
      return result(
        subjectView(commit, tree, io.subject.subjectExcludes(plane), await io.readEntries(plane)),
      );
    }
    case 'authority':
      return result(authorityView(plane.manifest, await io.readEntries(plane), id));
    case 'head':
      return result(headView(await io.readEntries(plane)));
    case 'evidence':
      return result(await evidenceView(plane, id!, options.read, ctx, io));
    case 'decisions': {
      if (options.path === undefined)
        throw new UsageError('MISSING_ARG', 'query decisions needs --path', {
          expected: 'proofgate query decisions --path src/orders.ts',
        });
      const views = foldDecisions(
        await io.knowledge.createKnowledgeIO({ root: plane.root }).read('decisions'),
      );
      const path = toRepoPath(plane.root, options.path);
      return result(
        decisionsTouching(views, path).map((d) => ({
          line: `${d.id} ${d.isInForce ? 'in force' : `superseded by ${d.supersededBy ?? '?'}`}: ${d.title} (${d.paths.join(', ')})`,
          data: JSON.parse(JSON.stringify(d)) as QueryItem['data'],
        })),
      );
    }
    case 'chain': {
      const walk = walkRequirements(buildRequirementGraph(plane.registry), id!, 'down');
      return result([
        ...walk.nodes.map((n) => ({ line: `${n.kind.padEnd(12)} ${n.id}`, data: { ...n } })),
        ...walk.edges.map((e) => ({ line: `  ${e.from} -${e.kind}-> ${e.to}`, data: { ...e } })),
      ]);
    }
  }
}
