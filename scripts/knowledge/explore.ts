// `proofgate knowledge explore [--until-done]`: the exploring loop over the hypothesis board. Each step runs
// the top-priority open hypothesis's probe and decides it from the probe's expectation.
import { DEFAULT_DONE } from './lib/core/knowledge/evaluate-done.ts';
import { MILLI, parseMilli } from './lib/core/knowledge/priority.ts';
import { UsageError } from './lib/core/errors.ts';
import { COST_UNITS, QUALITY_ATTRIBUTES } from './lib/core/knowledge/types.ts';
import type { CostUnit } from './lib/core/knowledge/types.ts';
import { AUTHORIZATION_KINDS, type AuthorizationKind } from './lib/core/plane/types.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { actorFlags, readActorFlags, readStrings } from './lib/cli/gate-flags.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { runExploreVerb, type ExploreOptions } from './lib/cli/run/explore.ts';
import type { ExploreResult } from './lib/flows/explore-flow.ts';
import { renderExplore } from './lib/render/explore.ts';

const toAllow = (argv: Parameters<typeof readStrings>[0]): AuthorizationKind[] => {
  const list = readStrings(argv, 'allow');
  const bad = list.filter((v) => !(AUTHORIZATION_KINDS as readonly string[]).includes(v));
  if (bad.length > 0) {
    throw new UsageError('BAD_VALUE', `--allow: unknown authorization kind ${bad.join(', ')}`, {
      where: '--allow',
      expected: AUTHORIZATION_KINDS.join(', '),
      next: 'pass --allow install_dependencies (repeat for each kind a probe may use)',
    });
  }
  return list as AuthorizationKind[];
};

const positiveInt = (value: unknown, flag: string): number => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new UsageError('BAD_VALUE', `${flag}: expected a whole number of at least 1`, {
      where: flag,
      next: `pass ${flag} 10`,
    });
  }
  return value;
};

const toGoals = (value: unknown): string[] => {
  const goals = (Array.isArray(value) ? value : []).map(String);
  const unknown = goals.filter((g) => !(QUALITY_ATTRIBUTES as readonly string[]).includes(g));
  if (unknown.length > 0) {
    throw new UsageError('BAD_VALUE', `--goal: unknown quality attribute ${unknown.join(', ')}`, {
      where: '--goal',
      expected: QUALITY_ATTRIBUTES.join(', '),
      next: 'pass --goal security (repeat for each high-risk goal)',
    });
  }
  return goals;
};

const toCostUnit = (value: unknown): CostUnit | undefined => {
  if (value === undefined) return undefined;
  if (!(COST_UNITS as readonly unknown[]).includes(value)) {
    throw new UsageError('BAD_VALUE', `--cost-unit: unknown unit ${JSON.stringify(value)}`, {
      where: '--cost-unit',
      expected: COST_UNITS.join(', '),
      next: 'pass --cost-unit tokens (or units, money)',
    });
  }
  return value as CostUnit;
};

export const explore = defineVerb<ExploreOptions, ExploreResult>({
  name: 'explore',
  describe:
    'Run the top-priority hypothesis probe and decide it; --until-done loops within a budget',
  examples: [
    ['proofgate knowledge explore', 'probe the top open hypothesis once'],
    [
      'proofgate knowledge explore --until-done --max-steps 5',
      'loop until done or five probes are spent',
    ],
  ],
  builder: (y) =>
    actorFlags(y)
      .option('allow', {
        type: 'string',
        array: true,
        describe: `authorization kind a probe may use (repeatable; default none): ${AUTHORIZATION_KINDS.join(', ')}`,
      })
      .option('until-done', {
        type: 'boolean',
        default: false,
        describe: 'repeat until done or the budget is spent',
      })
      .option('max-steps', { type: 'number', default: 20, describe: 'budget: probes at most' })
      .option('max-seconds', {
        type: 'number',
        default: 600,
        describe: 'budget: wall seconds at most',
      })
      .option('max-cost', {
        type: 'string',
        describe: 'budget: cost at most, in --cost-unit (0 runs nothing)',
      })
      .option('cost-unit', {
        type: 'string',
        describe: `what --max-cost counts: ${COST_UNITS.join(', ')} (default units)`,
      })
      .option('drift-steps', {
        type: 'number',
        default: DEFAULT_DONE.driftSteps,
        describe:
          'steps without new evidence that trip the drift watchdog (it steers the next pick)',
      })
      .option('share', {
        type: 'string',
        default: '0.3',
        describe: 'exploration share 0..1: picks spread over the run taken from below the top',
      })
      .option('granted-by', {
        type: 'string',
        describe:
          'who grants --allow: a human authority or the release owner (never the acting developer)',
      })
      .option('propose', {
        type: 'boolean',
        default: true,
        describe:
          'propose hypotheses from what proofgate knows first (--no-propose: the board only)',
      })
      .option('timeout-seconds', { type: 'number', default: 120, describe: 'per-probe timeout' })
      .option('target-model', {
        type: 'string',
        describe: 'target model JSON: its quality goals count for done, its features seed priors',
      })
      .option('repeat', {
        type: 'number',
        default: 1,
        describe: 'runs per probe; disagreeing runs mark it FLAKY and quarantine it',
      })
      .option('goal', {
        type: 'string',
        array: true,
        describe: 'high-risk quality goal that needs a decided hypothesis (repeatable)',
      })
      .option('high-risk', {
        type: 'string',
        default: '0.7',
        describe: 'risk from which an attribute is high-risk',
      })
      .option('max-open-score', {
        type: 'string',
        default: '0.5',
        describe: 'no open hypothesis may score above',
      }),
  toOptions: (argv, common) => ({
    ...common,
    untilDone: argv['until-done'] === true,
    maxSteps: positiveInt(argv['max-steps'], '--max-steps'),
    maxSeconds: positiveInt(argv['max-seconds'], '--max-seconds'),
    timeoutSeconds: positiveInt(argv['timeout-seconds'], '--timeout-seconds'),
    highRisk: parseMilli(String(argv['high-risk']), '--high-risk', MILLI),
    maxOpenScore: parseMilli(String(argv['max-open-score']), '--max-open-score'),
    goals: toGoals(argv['goal']),
    repeats: positiveInt(argv['repeat'], '--repeat'),
    targetModel: typeof argv['target-model'] === 'string' ? argv['target-model'] : undefined,
    allow: toAllow(argv),
    actor: readActorFlags(argv),
    maxCost:
      typeof argv['max-cost'] === 'string' || typeof argv['max-cost'] === 'number'
        ? parseMilli(String(argv['max-cost']), '--max-cost')
        : undefined,
    costUnit: toCostUnit(argv['cost-unit']),
    propose: argv['propose'] !== false,
    grantedBy: typeof argv['granted-by'] === 'string' ? argv['granted-by'] : undefined,
    share: parseMilli(String(argv['share']), '--share', MILLI) * 10,
    driftSteps: positiveInt(argv['drift-steps'], '--drift-steps'),
  }),
  run: (options, ctx) => runExploreVerb(options, ctx),
  render: renderExplore,
  exitCode: (r) =>
    r.stop.stop === 'probe_failed'
      ? 4
      : r.stop.stop === 'done' || r.stop.stop === 'one_step'
        ? 0
        : 1,
});

runIfMain(import.meta.url, explore);
