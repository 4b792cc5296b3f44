// `proofgate decision add|list|supersede`: negative decisions that stay in force until an explicit
// supersede names the decision that replaces them.
import type { Context } from './lib/core/context.ts';
import {
  decisionsTouching,
  foldDecisions,
  recordDecision,
  supersedeDecision,
} from './lib/core/knowledge/decide-decisions.ts';
import type { DecisionView } from './lib/core/knowledge/decide-decisions.ts';
import type { Decision, Supersession } from './lib/core/knowledge/types.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import type { CommonOptions } from './lib/cli/define-verb.ts';
import { openKnowledge, toRepoPath } from './lib/io/knowledge-store.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderDecision } from './lib/render/knowledge.ts';
import type { KnowledgeIO } from './lib/core/ports.ts';

export interface DecisionOptions extends CommonOptions {
  action: 'add' | 'list' | 'supersede';
  title: string | undefined;
  reason: string | undefined;
  conditions: string[];
  paths: string[];
  id: string | undefined;
  by: string | undefined;
  all: boolean;
}

export type DecisionResult =
  | { action: 'add'; decision: Decision }
  | { action: 'supersede'; supersede: Supersession }
  | { action: 'list'; path?: string; decisions: DecisionView[] };

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const strs = (v: unknown): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).map(String);

export const decision = defineVerb<DecisionOptions, DecisionResult>({
  name: 'decision',
  command: 'decision <action> [title]',
  describe: 'Record, list or supersede negative decisions (rejected approaches)',
  examples: [
    [
      'proofgate decision add "retry payments client-side" --reason "double charges" --condition "provider not idempotent" --path src/pay',
      'record a rejected approach as ND-0001',
    ],
    ['proofgate decision list --path src/pay/retry.ts', 'decisions in force that touch a path'],
    ['proofgate decision supersede --id ND-0001 --by ND-0007', 'replace ND-0001 by ND-0007'],
  ],
  builder: (y) =>
    y
      .positional('action', { choices: ['add', 'list', 'supersede'] as const })
      .positional('title', { type: 'string', describe: 'the rejected approach (add)' })
      .option('reason', { type: 'string', describe: 'why it was rejected (add)' })
      .option('condition', {
        type: 'string',
        array: true,
        describe: 'when it fails (add; repeatable)',
      })
      .option('path', {
        type: 'string',
        array: true,
        describe: 'paths it touches (add; repeatable) / filter (list)',
      })
      .option('id', { type: 'string', describe: 'decision to supersede' })
      .option('by', { type: 'string', describe: 'the superseding decision (must exist)' })
      .option('all', {
        type: 'boolean',
        default: false,
        describe: 'list superseded decisions too',
      }),
  toOptions: (argv, common) => ({
    ...common,
    action: argv['action'] as DecisionOptions['action'],
    title: str(argv['title']),
    reason: str(argv['reason']),
    conditions: strs(argv['condition']),
    paths: strs(argv['path']),
    id: str(argv['id']),
    by: str(argv['by']),
    all: argv['all'] === true,
  }),
  run: (options, ctx) => runDecision(options, ctx),
  render: renderDecision,
  exitCode: () => 0,
});

export async function runDecision(
  options: DecisionOptions,
  ctx: Context,
  io?: KnowledgeIO,
): Promise<DecisionResult> {
  const store = io ?? (await openKnowledge(options.root, ctx.cwd));
  const views = foldDecisions(await store.read('decisions'));
  const paths = options.paths.map((p) => toRepoPath(store.root, p));
  if (options.action === 'add') {
    const recorded = recordDecision(
      { title: options.title, reason: options.reason, conditions: options.conditions, paths },
      views.map((v) => v.id),
      ctx.clock.now(),
    );
    await store.append('decisions', [{ op: 'decision', decision: recorded }]);
    return { action: 'add', decision: recorded };
  }
  if (options.action === 'supersede') {
    const supersede = supersedeDecision(views, options.id, options.by, ctx.clock.now());
    await store.append('decisions', [{ op: 'supersede', supersede }]);
    return { action: 'supersede', supersede };
  }
  const shown = options.all ? views : views.filter((v) => v.isInForce);
  const path = paths[0];
  if (path === undefined) return { action: 'list', decisions: shown };
  return { action: 'list', path, decisions: decisionsTouching(shown, path) };
}

runIfMain(import.meta.url, decision);
