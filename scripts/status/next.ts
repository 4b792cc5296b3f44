// `proofgate status --next`: one ranked list of what to do now — control results that are not
// PASS, traceability gaps and open hypotheses — by infoGain × risk ÷ cost, with a fixed exploration
// share.
import { MILLI, parseMilli } from '../lib/core/knowledge/priority.ts';
import { defineVerb } from '../lib/cli/define-verb.ts';
import { trustFlag, trustPath } from '../lib/cli/gate-flags.ts';
import { UsageError } from '../lib/core/errors.ts';
import { renderNext } from '../lib/render/knowledge.ts';
import { runNext } from '../lib/cli/run/next.ts';
import type { NextOptions } from '../lib/flows/knowledge/next-flow.ts';

export const next = defineVerb({
  examples: [
    ['proofgate status --next', 'the top 10, 30 % exploration'],
    ['proofgate status --next --share 0 --top 3', 'pure exploitation, three items'],
  ],
  flags: {
    next: { type: 'boolean', describe: 'Rank what to do now instead of the statuses' },
    ...trustFlag,
    share: { type: 'string', default: '0.3', describe: 'exploration share 0..1' },
    seed: { type: 'string', default: 'next', describe: 'seed of the exploration picks' },
    top: { type: 'number', default: 10, describe: 'how many items to show' },
    scope: {
      type: 'string',
      describe: "rank only this claim's blockers: project or release (default: both)",
    },
    requirements: {
      type: 'string',
      array: true,
      describe: 'requirement file (YAML; repeatable)',
    },
  },
  toOptions: (argv, common): NextOptions => ({
    ...common,
    share: parseMilli(argv.share, '--share', MILLI) * 10,
    seed: argv.seed,
    top: argv.top > 0 ? Math.trunc(argv.top) : 10,
    requirements: argv.requirements ?? [],
    ...parseScope(argv.scope),
    ...trustPath(argv.trust),
  }),
  run: runNext,
  render: renderNext,
  exitCode: () => 0,
});

function parseScope(value: string | undefined): Pick<NextOptions, 'scope'> {
  if (value === undefined) return {};
  if (value === 'project' || value === 'release') return { scope: value };
  throw new UsageError('BAD_VALUE', `--scope ${value} is not a scope next ranks`, {
    expected: 'project or release (a task claim names its own controls: proofgate claim --control)',
    next: 'proofgate status --next --scope release',
  });
}

// Tests call the run step with a verdict source of their own.
export { runNext } from '../lib/cli/run/next.ts';
