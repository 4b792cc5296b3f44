// `proofgate status --readiness`: task-claim, merge and release readiness, read-only.
// references/readiness.md.
import { UsageError } from '../lib/core/errors.ts';
import { defineVerb } from '../lib/cli/define-verb.ts';
import { controlFlag, trustFlag, trustPath } from '../lib/cli/gate-flags.ts';
import { runReadiness } from '../lib/cli/run/readiness.ts';
import { renderReadiness } from '../lib/render/readiness.ts';

export const readiness = defineVerb({
  examples: [
    ['proofgate status --readiness', 'merge and release readiness at the target maturity'],
    [
      'proofgate status --readiness --task T-12 --control ENG.TESTS',
      'also the readiness of one task',
    ],
  ],
  flags: {
    readiness: { type: 'boolean', describe: 'Report readiness instead of the statuses' },
    ...controlFlag,
    ...trustFlag,
    task: { type: 'string', describe: 'task id (with --control)' },
  },
  toOptions: (argv, common) => {
    const controls = argv.control ?? [];
    const { task } = argv;
    if (controls.length > 0 && task === undefined)
      throw new UsageError('MISSING_ARG', '--control needs --task <id> here', {
        next: 'name the task: proofgate status --readiness --task <id> --control <id>',
      });
    return {
      ...common,
      task: task === undefined ? undefined : { id: task, controls },
      ...trustPath(argv.trust),
    };
  },
  run: runReadiness,
  render: renderReadiness,
  // Readiness is a report: exit 1 when any assessed scope is not ready, so scripts can branch.
  // A modified gate is an integrity violation (verify's TOOL_MODIFIED): 3, as verify exits.
  exitCode: (r) =>
    r.scopes.some((s) => s.gateModified === true) ? 3 : r.scopes.every((s) => s.isReady) ? 0 : 1,
});
