// `proofgate status --readiness`: task-claim, merge and release readiness, read-only. references/readiness.md.
import { UsageError } from './lib/core/errors.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import type { ReadinessFlowResult } from './lib/flows/readiness-flow.ts';
import { controlFlag, readStrings, readTrustPath, trustFlag } from './lib/cli/gate-flags.ts';
import { runReadiness, type ReadinessOptions } from './lib/cli/run/readiness.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderReadiness } from './lib/render/render-readiness.ts';

export const readiness = defineVerb<ReadinessOptions, ReadinessFlowResult>({
  name: 'readiness',
  describe: 'Report task-claim, merge and release readiness without writing anything',
  examples: [
    ['proofgate status --readiness', 'merge and release readiness at the target maturity'],
    [
      'proofgate status --readiness --task T-12 --control ENG.TESTS',
      'also the readiness of one task',
    ],
  ],
  builder: (y) =>
    trustFlag(controlFlag(y)).option('task', {
      type: 'string',
      describe: 'task id (with --control)',
    }),
  toOptions: (argv, common) => {
    const controls = readStrings(argv, 'control');
    const task = argv['task'];
    if (controls.length > 0 && typeof task !== 'string')
      throw new UsageError('MISSING_ARG', '--control needs --task <id> here', {
        next: 'name the task: proofgate status --readiness --task <id> --control <id>',
      });
    return {
      ...common,
      task: typeof task === 'string' ? { id: task, controls } : undefined,
      ...readTrustPath(argv),
    };
  },
  run: runReadiness,
  render: renderReadiness,
  // Readiness is a report: exit 1 when any assessed scope is not ready, so scripts can branch.
  // A modified gate is an integrity violation (verify's TOOL_MODIFIED): 3, as verify exits.
  exitCode: (r) =>
    r.scopes.some((s) => s.gateModified === true) ? 3 : r.scopes.every((s) => s.isReady) ? 0 : 1,
});

runIfMain(import.meta.url, readiness);
