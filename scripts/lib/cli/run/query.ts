// The real-I/O wiring of `proofgate query` (references/query.md): the root, the --trust file, the
// gate world (a checkpoint read for the blockers view) and the rules that view decides under.
import type { Context } from '../../core/context.ts';
import type { QueryView } from '../../core/gate/query/query-views.ts';
import type { CommonOptions } from '../../core/options.ts';
import { queryFlow, type QueryResult } from '../../flows/views/query-flow.ts';
import { readViewRules } from '../../flows/claim/trusted-rules.ts';
import { KNOWLEDGE_PART } from '../world/knowledge-part.ts';
import { openWorld } from '../world/open-world.ts';

export interface QueryOptions extends CommonOptions {
  view: QueryView;
  id: string | undefined;
  path: string | undefined;
  /** The claim whose blockers the blockers view lists (default project). */
  scope: 'project' | 'release';
  /** `evidence` view: only the last N lines (of those matching --grep, when given). */
  tail: number | undefined;
  /** `evidence` view: only lines containing this text, or matching /regex/flags. */
  grep: string | undefined;
  /** `--trust FILE`: the auditor's trust root (references/trust.md). */
  trust?: string;
}

export async function runQuery(options: QueryOptions, ctx: Context): Promise<QueryResult> {
  // The blockers view reads as claim and status do, from the newest trusted checkpoint (only what
  // was appended after it is verified); the history views look up any entry, so they read it all.
  const verdict = options.view === 'blockers';
  const io = openWorld(ctx, { trustFile: options.trust, checkpoint: verdict }, KNOWLEDGE_PART);
  const root = await io.resolveRoot(options.root);
  // The blockers view decides as `claim` does, with its rules; no other view reads them.
  const rulesAtBase =
    options.view === 'blockers'
      ? await readViewRules(io, await io.loadPlane(root), io.trust)
      : null;
  return queryFlow(
    {
      root,
      view: options.view,
      id: options.id,
      path: options.path,
      scope: options.scope,
      read: { tail: options.tail, grep: options.grep, limit: options.limit },
      rulesAtBase,
    },
    ctx,
    io,
  );
}
