// `proofgate query <view> [id]`: one bounded view of the verified ledger, statuses or knowledge.
// An unknown view or id is exit 2, never an empty success. references/query.md.
import { UsageError } from './lib/core/errors.ts';
import { QUERY_VIEWS, type QueryView } from './lib/core/gate/query/query-views.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import type { QueryResult } from './lib/flows/query-flow.ts';
import { runQuery, type QueryOptions } from './lib/cli/run/query.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { readTrustPath, trustFlag } from './lib/cli/gate-flags.ts';
import { renderQuery } from './lib/render/query-view.ts';

function readTail(value: unknown, view: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
    throw new UsageError(
      'BAD_VALUE',
      `--tail must be a whole number of lines >= 1, got ${JSON.stringify(value)}`,
      {
        where: '--tail',
        expected: 'e.g. --tail 50',
      },
    );
  if (view !== 'evidence')
    throw new UsageError('BAD_VALUE', `--tail reads an evidence object, not the ${view} view`, {
      where: '--tail',
      next: 'proofgate query evidence <digest-prefix> --tail 50',
    });
  return value;
}

/** The views a user is shown: `trace` is the old name of `chain`, kept for one release. */
const NAMED_VIEWS = QUERY_VIEWS.filter((v) => v !== 'trace').join(', ');

export const query = defineVerb<QueryOptions, QueryResult>({
  name: 'query',
  command: 'query <view> [id]',
  describe:
    'Look up one view: control, run, claim, entry, subject, evidence, authority, head, blockers, decisions, chain',
  examples: [
    ['proofgate query control tests', 'status and history of one control'],
    ['proofgate query run latest', 'the latest run entry'],
    ['proofgate query entry 3f2a9c1d', 'one entry of any kind in full, by hash prefix'],
    [
      'proofgate query claim latest',
      'the latest claim: scope, controls, code, stages, every supporting entry',
    ],
    ['proofgate query subject HEAD', 'the subject tree of a commit and the entries bound to it'],
    [
      'proofgate status --blockers',
      'every control that blocks a project claim, with the next command',
    ],
    ['proofgate status --blockers --scope release', 'what blocks a release claim'],
    ['proofgate query evidence 3f2a9c1d --tail 50', 'the last 50 lines of a stored output'],
    [
      "proofgate query evidence 3f2a9c1d --grep '/FAIL|Error/'",
      'the lines of a stored output that match a pattern (or a literal text without slashes)',
    ],
    ['proofgate query decisions --path src/orders.ts', 'decisions touching a path'],
    ['proofgate query chain REQ-7', 'everything downstream of a requirement, risk or control'],
  ],
  builder: (y) =>
    trustFlag(y)
      .positional('view', { type: 'string', describe: NAMED_VIEWS })
      .positional('id', {
        type: 'string',
        describe: 'control id, entry hash prefix, commit, digest prefix, authority id',
      })
      .option('path', { type: 'string', describe: 'repository path (decisions view)' })
      .option('scope', {
        type: 'string',
        describe: 'blockers view: the claim scope, project (default) or release',
      })
      .option('tail', { type: 'number', describe: 'evidence view: the last N lines of the output' })
      .option('grep', {
        type: 'string',
        describe: 'evidence view: lines containing this text, or matching /regex/flags (RE2)',
      }),
  toOptions: (argv, common) => {
    const view = String(argv['view']);
    if (!(QUERY_VIEWS as readonly string[]).includes(view)) {
      throw new UsageError('UNKNOWN_VIEW', `unknown view ${view}`, {
        expected: NAMED_VIEWS,
      });
    }
    const id = argv['id'];
    const path = argv['path'];
    const scope = argv['scope'];
    if (
      scope !== undefined &&
      (view !== 'blockers' || (scope !== 'project' && scope !== 'release'))
    )
      throw new UsageError(
        'BAD_FLAG',
        `--scope ${typeof scope === 'string' ? scope : '(not a word)'} is not valid for query ${view}`,
        {
          expected: '--scope project or --scope release, with the blockers view only',
          next: 'proofgate status --blockers --scope release',
        },
      );
    const grep = argv['grep'];
    if (grep !== undefined && view !== 'evidence')
      throw new UsageError('BAD_VALUE', `--grep reads an evidence object, not the ${view} view`, {
        where: '--grep',
        next: 'proofgate query evidence <digest-prefix> --grep <text>',
      });
    return {
      ...common,
      view: view as QueryView,
      id: typeof id === 'string' || typeof id === 'number' ? String(id) : undefined,
      path: typeof path === 'string' ? path : undefined,
      scope: scope === 'release' ? 'release' : 'project',
      tail: readTail(argv['tail'], view),
      grep: typeof grep === 'string' || typeof grep === 'number' ? String(grep) : undefined,
      ...readTrustPath(argv),
    };
  },
  run: runQuery,
  render: renderQuery,
  toJson: (r) => ({
    view: r.view,
    ...(r.id === undefined ? {} : { id: r.id }),
    items: r.items.map((i) => i.data).filter((d) => Object.keys(d).length > 0),
    ...(r.rules === undefined ? {} : { rules: r.rules }),
  }),
  exitCode: () => 0,
});

runIfMain(import.meta.url, query);
