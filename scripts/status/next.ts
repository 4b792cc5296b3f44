// `proofgate status --next`: one ranked list of what to do now — control results that are not PASS,
// traceability gaps and open hypotheses — by infoGain × risk ÷ cost, with a fixed exploration share.
import { MILLI, parseMilli } from './lib/core/knowledge/priority.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { readTrustPath, trustFlag } from './lib/cli/gate-flags.ts';
import { UsageError } from './lib/core/errors.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderNext } from './lib/render/knowledge.ts';
import { runNext } from './lib/cli/run/next.ts';
import type { NextOptions, NextResult } from './lib/flows/next-flow.ts';

export const next = defineVerb<NextOptions, NextResult>({
  name: 'next',
  describe: 'Rank what to do now: non-PASS controls, traceability gaps, open hypotheses',
  examples: [
    ['proofgate status --next', 'the top 10, 30 % exploration'],
    ['proofgate status --next --share 0 --top 3', 'pure exploitation, three items'],
  ],
  builder: (y) =>
    trustFlag(y)
      .option('share', { type: 'string', default: '0.3', describe: 'exploration share 0..1' })
      .option('seed', {
        type: 'string',
        default: 'next',
        describe: 'seed of the exploration picks',
      })
      .option('top', { type: 'number', default: 10, describe: 'how many items to show' })
      .option('scope', {
        type: 'string',
        describe: "rank only this claim's blockers: project or release (default: both)",
      })
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
    ...parseScope(argv['scope']),
    ...readTrustPath(argv),
  }),
  run: runNext,
  render: renderNext,
  exitCode: () => 0,
});

function parseScope(value: unknown): Pick<NextOptions, 'scope'> {
  if (value === undefined) return {};
  if (value === 'project' || value === 'release') return { scope: value };
  throw new UsageError(
    'BAD_VALUE',
    `--scope ${typeof value === 'string' ? value : '(not a word)'} is not a scope next ranks`,
    {
      expected:
        'project or release (a task claim names its own controls: proofgate claim --control)',
      next: 'proofgate status --next --scope release',
    },
  );
}

// Tests call the run step with a verdict source of their own.
export { runNext } from './lib/cli/run/next.ts';

runIfMain(import.meta.url, next);
