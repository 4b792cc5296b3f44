// decision add|supersede|list: decisions with provenance, decided by core/knowledge/decide-decisions.ts.
import type { Context } from '../../core/context.ts';
import {
  decisionsTouching,
  foldDecisions,
  recordDecision,
  supersedeDecision,
} from '../../core/knowledge/decide-decisions.ts';
import type { DecisionView } from '../../core/knowledge/decide-decisions.ts';
import type { Decision, Supersession } from '../../core/knowledge/types.ts';
import { toRepoPath } from '../../core/knowledge/repo-path.ts';
import type { KnowledgeIO } from '../../core/ports.ts';
import type { CommonOptions } from '../../core/options.ts';

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

export async function decisionFlow(
  options: DecisionOptions,
  ctx: Context,
  store: KnowledgeIO,
): Promise<DecisionResult> {
  const views = foldDecisions(await store.read('decisions'));
  const paths = options.paths.map((p) => toRepoPath(store.root, p));
  if (options.action === 'add') {
    const recorded = recordDecision(
      { title: options.title, reason: options.reason, conditions: options.conditions, paths },
      views.map((v) => v.id),
      ctx.clock.now(),
    );
    const [written] = await store.append('decisions', [{ op: 'decision', decision: recorded }]);
    return { action: 'add', decision: written?.op === 'decision' ? written.decision : recorded };
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
