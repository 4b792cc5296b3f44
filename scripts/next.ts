// `proofgate next`: one ranked list of what to do now — control results that are not PASS,
// traceability gaps and open hypotheses — by infoGain × risk ÷ cost, with a fixed exploration share.
import { resolve } from 'node:path';
import type { Context } from './lib/core/context.ts';
import { buildTraceGraph, gapsBlockingAt } from './lib/core/knowledge/build-trace-graph.ts';
import { foldHypotheses } from './lib/core/knowledge/decide-hypotheses.ts';
import { parseRequirementFile } from './lib/core/knowledge/parse-requirements.ts';
import { MILLI, parseMilli } from './lib/core/knowledge/priority.ts';
import { controlItem, gapItem, hypothesisItems, rankNext } from './lib/core/knowledge/rank-next.ts';
import type { OpenControlStatus, RankedItem } from './lib/core/knowledge/rank-next.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import type { CommonOptions } from './lib/cli/define-verb.ts';
import { findGitRoot } from './lib/io/git.ts';
import { readOpenControls } from './lib/flows/knowledge-sources.ts';
import { createKnowledgeIO } from './lib/io/knowledge-store.ts';
import { loadPlane, readYamlFile } from './lib/io/plane.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderNext } from './lib/render/knowledge.ts';

export interface NextOptions extends CommonOptions {
  /** Basis points of the list given to exploration. */
  share: number;
  seed: string;
  top: number;
  requirements: string[];
}

export interface NextResult {
  items: RankedItem[];
  /** Items before `--top` cut the list. */
  total: number;
  /** False until a control-status source is wired in; controls are then missing from the list. */
  hasControlStatuses: boolean;
}

/** Control statuses that are not PASS, with the control's risk (milli) when known. */
export type StatusSource = (
  root: string,
) => Promise<{ id: string; status: OpenControlStatus; risk?: number }[] | undefined>;

export const next = defineVerb<NextOptions, NextResult>({
  name: 'next',
  describe: 'Rank what to do now: non-PASS controls, traceability gaps, open hypotheses',
  examples: [
    ['proofgate next', 'the top 10, 30 % exploration'],
    ['proofgate next --share 0 --top 3', 'pure exploitation, three items'],
  ],
  builder: (y) =>
    y
      .option('share', { type: 'string', default: '0.3', describe: 'exploration share 0..1' })
      .option('seed', {
        type: 'string',
        default: 'next',
        describe: 'seed of the exploration picks',
      })
      .option('top', { type: 'number', default: 10, describe: 'how many items to show' })
      .option('requirements', {
        type: 'string',
        array: true,
        describe: 'requirement file (YAML; repeatable)',
      }),
  toOptions: (argv, common) => ({
    ...common,
    share:
      parseMilli(typeof argv['share'] === 'string' ? argv['share'] : '0.3', '--share', MILLI) * 10,
    seed: typeof argv['seed'] === 'string' ? argv['seed'] : 'next',
    top: typeof argv['top'] === 'number' && argv['top'] > 0 ? Math.trunc(argv['top']) : 10,
    requirements: (Array.isArray(argv['requirements']) ? argv['requirements'] : []).map(String),
  }),
  run: (options, ctx) => runNext(options, ctx, (root) => readOpenControls(root, ctx)),
  render: renderNext,
  exitCode: () => 0,
});

export async function runNext(
  options: NextOptions,
  ctx: Context,
  statuses: StatusSource = () => Promise.resolve(undefined),
): Promise<NextResult> {
  const root = options.root ?? (await findGitRoot(ctx.cwd));
  const plane = loadPlane(root);
  const files = options.requirements.map((p) =>
    parseRequirementFile(readYamlFile(resolve(root, p), p), p),
  );
  const graph = buildTraceGraph(plane.registry, files);
  const blocking = new Set(gapsBlockingAt(graph.gaps, plane.manifest.profile.target_maturity));
  const board = foldHypotheses(await createKnowledgeIO({ root }).read('hypotheses'));
  const controls = await statuses(root);
  const items = [
    ...(controls ?? []).map((c) => controlItem(c.id, c.status, c.risk)),
    ...graph.gaps.map((g) =>
      gapItem(
        `${g.requirement}${g.control === undefined ? '' : `/${g.control}`}`,
        `${g.kind} (from ${g.maturity})`,
        blocking.has(g) ? 900 : 500,
      ),
    ),
    ...hypothesisItems(board),
  ];
  const ranked = rankNext(items, { explorationShare: options.share, seed: options.seed });
  return {
    items: ranked.slice(0, options.top),
    total: ranked.length,
    hasControlStatuses: controls !== undefined,
  };
}

runIfMain(import.meta.url, next);
