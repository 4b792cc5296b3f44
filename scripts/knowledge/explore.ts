// `proofgate knowledge explore [--until-done]`: the exploring loop over the hypothesis board. Each
// step runs the top-priority open hypothesis's probe and decides it from the probe's expectation.
import { DEFAULT_DONE } from '../lib/core/knowledge/evaluate-done.ts';
import { MILLI, parseMilli } from '../lib/core/knowledge/priority.ts';
import { UsageError } from '../lib/core/errors.ts';
import { COST_UNITS, QUALITY_ATTRIBUTES } from '../lib/core/knowledge/types.ts';
import { AUTHORIZATION_KINDS } from '../lib/core/plane/types.ts';
import { defineVerb } from '../lib/cli/define-verb.ts';
import { actorFlags, actorOf } from '../lib/cli/gate-flags.ts';
import { runExploreVerb } from '../lib/cli/run/explore.ts';
import { renderExplore } from '../lib/render/explore.ts';

const positiveInt = (value: number, flag: string): number => {
  if (!Number.isInteger(value) || value < 1) {
    throw new UsageError('BAD_VALUE', `${flag}: expected a whole number of at least 1`, {
      where: flag,
      next: `pass ${flag} 10`,
    });
  }
  return value;
};

export const explore = defineVerb({
  examples: [
    ['proofgate knowledge explore', 'probe the top open hypothesis once'],
    [
      'proofgate knowledge explore --until-done --max-steps 5',
      'loop until done or five probes are spent',
    ],
  ],
  flags: {
    ...actorFlags(),
    allow: {
      type: 'string',
      array: true,
      choices: AUTHORIZATION_KINDS,
      describe: 'authorization kind a probe may use (repeatable; default none)',
    },
    'until-done': {
      type: 'boolean',
      default: false,
      describe: 'repeat until done or the budget is spent',
    },
    'max-steps': { type: 'number', default: 20, describe: 'budget: probes at most' },
    'max-seconds': { type: 'number', default: 600, describe: 'budget: wall seconds at most' },
    'max-cost': {
      type: 'string',
      describe: 'budget: cost at most, in --cost-unit (0 runs nothing)',
    },
    'cost-unit': {
      type: 'string',
      choices: COST_UNITS,
      describe: 'what --max-cost counts (default units)',
    },
    'drift-steps': {
      type: 'number',
      default: DEFAULT_DONE.driftSteps,
      describe: 'steps without new evidence that trip the drift watchdog (it steers the next pick)',
    },
    share: {
      type: 'string',
      default: '0.3',
      describe: 'exploration share 0..1: picks spread over the run taken from below the top',
    },
    'granted-by': {
      type: 'string',
      describe:
        'who grants --allow: a human authority or the release owner (never the acting developer)',
    },
    propose: {
      type: 'boolean',
      default: true,
      describe: 'propose hypotheses from what proofgate knows first (--no-propose: the board only)',
    },
    'timeout-seconds': { type: 'number', default: 120, describe: 'per-probe timeout' },
    'target-model': {
      type: 'string',
      describe: 'target model JSON: its quality goals count for done, its features seed priors',
    },
    repeat: {
      type: 'number',
      default: 1,
      describe: 'runs per probe; disagreeing runs mark it FLAKY and quarantine it',
    },
    goal: {
      type: 'string',
      array: true,
      choices: QUALITY_ATTRIBUTES,
      describe: 'high-risk quality goal that needs a decided hypothesis (repeatable)',
    },
    'high-risk': {
      type: 'string',
      default: '0.7',
      describe: 'risk from which an attribute is high-risk',
    },
    'max-open-score': {
      type: 'string',
      default: '0.5',
      describe: 'no open hypothesis may score above',
    },
  },
  toOptions: (argv, common) => ({
    ...common,
    untilDone: argv['until-done'],
    maxSteps: positiveInt(argv['max-steps'], '--max-steps'),
    maxSeconds: positiveInt(argv['max-seconds'], '--max-seconds'),
    timeoutSeconds: positiveInt(argv['timeout-seconds'], '--timeout-seconds'),
    highRisk: parseMilli(argv['high-risk'], '--high-risk', MILLI),
    maxOpenScore: parseMilli(argv['max-open-score'], '--max-open-score'),
    goals: argv.goal ?? [],
    repeats: positiveInt(argv.repeat, '--repeat'),
    targetModel: argv['target-model'],
    allow: argv.allow ?? [],
    actor: actorOf(argv),
    maxCost:
      argv['max-cost'] === undefined ? undefined : parseMilli(argv['max-cost'], '--max-cost'),
    costUnit: argv['cost-unit'],
    propose: argv.propose,
    grantedBy: argv['granted-by'],
    share: parseMilli(argv.share, '--share', MILLI) * 10,
    driftSteps: positiveInt(argv['drift-steps'], '--drift-steps'),
  }),
  run: runExploreVerb,
  render: renderExplore,
  exitCode: (r) =>
    r.stop.stop === 'probe_failed'
      ? 4
      : r.stop.stop === 'done' || r.stop.stop === 'one_step'
        ? 0
        : 1,
});
