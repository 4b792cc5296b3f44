// `proofgate status --blockers`: what stands between a project (or release) claim and a grant,
// one line per blocker with its next command; the blockers view of the verified ledger.
// references/status.md.
import { defineVerb } from '../lib/cli/define-verb.ts';
import { trustFlag, trustPath } from '../lib/cli/gate-flags.ts';
import { runQuery } from '../lib/cli/run/query.ts';
import { queryToJson, renderQuery } from '../lib/render/query.ts';

export const blockers = defineVerb({
  examples: [
    [
      'proofgate status --blockers',
      'every control that blocks a project claim, with the next command',
    ],
    ['proofgate status --blockers --scope release', 'what blocks a release claim'],
  ],
  flags: {
    blockers: { type: 'boolean', describe: 'List the blockers instead of the statuses' },
    ...trustFlag,
    scope: {
      type: 'string',
      choices: ['project', 'release'],
      default: 'project',
      describe: 'the claim whose blockers are listed',
    },
  },
  toOptions: (argv, common) => ({
    ...common,
    view: 'blockers' as const,
    id: undefined,
    path: undefined,
    scope: argv.scope,
    tail: undefined,
    grep: undefined,
    ...trustPath(argv.trust),
  }),
  run: runQuery,
  render: renderQuery,
  toJson: queryToJson,
  exitCode: () => 0,
});
