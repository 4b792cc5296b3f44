// `proofgate query <view> [id]`: one bounded view of the verified ledger, statuses or knowledge.
// An unknown view or id is exit 2, never an empty success; `query handoff <part>` is an action of
// its own (scripts/query/handoff.ts). references/query.md.
import { UsageError } from './lib/core/errors.ts';
import { QUERY_VIEWS, type QueryView } from './lib/core/gate/query/query-views.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { runQuery } from './lib/cli/run/query.ts';
import { trustFlag, trustPath } from './lib/cli/gate-flags.ts';
import { queryToJson, renderQuery } from './lib/render/query.ts';

function readTail(value: number | undefined, view: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1)
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

/** The views a user names; the blockers are `status --blockers`. */
const VIEWS = QUERY_VIEWS.filter((v) => v !== 'blockers');
const isView = (word: string): word is QueryView => VIEWS.some((v) => v === word);

export const query = defineVerb({
  examples: [
    ['proofgate query control tests', 'status and history of one control'],
    ['proofgate query run latest', 'the latest run entry'],
    ['proofgate query entry 3f2a9c1d', 'one entry of any kind in full, by hash prefix'],
    [
      'proofgate query claim latest',
      'the latest claim: scope, controls, code, stages, every supporting entry',
    ],
    ['proofgate query subject HEAD', 'the subject tree of a commit and the entries bound to it'],
    ['proofgate query evidence 3f2a9c1d --tail 50', 'the last 50 lines of a stored output'],
    [
      "proofgate query evidence 3f2a9c1d --grep '/FAIL|Error/'",
      'the lines of a stored output that match a pattern (or a literal text without slashes)',
    ],
    ['proofgate query decisions --path src/orders.ts', 'decisions touching a path'],
    ['proofgate query chain REQ-7', 'everything downstream of a requirement, risk or control'],
  ],
  positionals: {
    view: { required: true, describe: VIEWS.join(', ') },
    id: { describe: 'control id, entry hash prefix, commit, digest prefix, authority id' },
  },
  flags: {
    ...trustFlag,
    path: { type: 'string', describe: 'repository path (decisions view)' },
    tail: { type: 'number', describe: 'evidence view: the last N lines of the output' },
    grep: {
      type: 'string',
      describe: 'evidence view: lines containing this text, or matching /regex/flags (RE2)',
    },
  },
  toOptions: (argv, common) => {
    const { view } = argv;
    if (!isView(view))
      throw new UsageError('UNKNOWN_VIEW', `unknown view ${view}`, { expected: VIEWS.join(', ') });
    if (argv.grep !== undefined && view !== 'evidence')
      throw new UsageError('BAD_VALUE', `--grep reads an evidence object, not the ${view} view`, {
        where: '--grep',
        next: 'proofgate query evidence <digest-prefix> --grep <text>',
      });
    return {
      ...common,
      view,
      id: argv.id,
      path: argv.path,
      scope: 'project' as const,
      tail: readTail(argv.tail, view),
      grep: argv.grep,
      ...trustPath(argv.trust),
    };
  },
  run: runQuery,
  render: renderQuery,
  toJson: queryToJson,
  exitCode: () => 0,
});
