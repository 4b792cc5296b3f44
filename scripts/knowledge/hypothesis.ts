// `proofgate knowledge hypothesis add|update|list`: the hypothesis board, ranked by
// priority = infoGain × risk ÷ cost, with the task's definition of done.
import { defineVerb } from './lib/cli/define-verb.ts';
import { describeActionFlags, type FlagsPerAction } from './lib/cli/action-flags.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderHypothesis } from './lib/render/knowledge.ts';
import type { Argv } from 'yargs';
import { DEFAULT_DONE } from './lib/core/knowledge/evaluate-done.ts';
import { MILLI, parseMilli } from './lib/core/knowledge/priority.ts';
import type { ParsedArgs } from './lib/cli/define-verb.ts';
import type { CommonOptions } from './lib/core/options.ts';
import {
  hypothesisFlow,
  type HypothesisResult,
  type HypothesisOptions,
} from './lib/flows/hypothesis-flow.ts';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const milli = (v: unknown, flag: string, max?: number): number | undefined =>
  typeof v === 'string' ? parseMilli(v, flag, max) : undefined;

const SCORE = ['risk', 'info-gain', 'cost', 'oracle'];

/** The flags each action takes (hypothesis-flow reads no other). */
const HYPOTHESIS_FLAGS: FlagsPerAction = {
  add: [
    'attr',
    ...SCORE,
    'provenance',
    'probe-argv',
    'probe-control',
    'expect-status',
    'expect-exit',
    'expect-output',
  ],
  update: ['id', 'status', 'evidence', ...SCORE],
  list: ['high-risk', 'max-open-score', 'drift-steps'],
};

export function hypothesisFlags(y: Argv): Argv {
  return y
    .positional('action', {
      choices: ['add', 'update', 'list'] as const,
      describe: describeActionFlags(HYPOTHESIS_FLAGS),
    })
    .positional('claim', { type: 'string', describe: 'falsifiable statement (add)' })
    .option('attr', { type: 'string', describe: 'quality attribute (add)' })
    .option('risk', { type: 'string', describe: 'impact 0..1 (add, update)' })
    .option('info-gain', {
      type: 'string',
      describe: 'expected information gain 0..1 (add, update)',
    })
    .option('cost', { type: 'string', describe: 'cost > 0 (add, update)' })
    .option('oracle', {
      type: 'string',
      describe: 'the observation that decides it (add, update)',
    })
    .option('provenance', { type: 'string', describe: 'recon, user or prior:<case id> (add)' })
    .option('id', { type: 'string', describe: 'hypothesis id (update)' })
    .option('status', { type: 'string', describe: 'open, probing, confirmed, refuted (update)' })
    .option('evidence', {
      type: 'string',
      array: true,
      describe: 'ledger entry hash or a unique prefix of 8+ hex digits (update; repeatable)',
    })
    .option('probe-argv', {
      type: 'string',
      array: true,
      describe: 'one argv element of the command explore runs (add; repeat in order)',
    })
    .option('probe-control', {
      type: 'string',
      describe: 'a control id explore runs as the probe, like evaluate --run (add)',
    })
    .option('expect-status', {
      type: 'string',
      describe: 'PASS or FAIL: the control status when the claim holds (add, with --probe-control)',
    })
    .option('expect-exit', {
      type: 'number',
      describe: 'exit code the probe shows when the claim holds (add)',
    })
    .option('expect-output', {
      type: 'string',
      describe: 'regular expression the probe output matches when the claim holds (add)',
    })
    .option('high-risk', {
      type: 'string',
      default: '0.7',
      describe: 'risk from which an attribute is high-risk (list)',
    })
    .option('max-open-score', {
      type: 'string',
      default: '0.5',
      describe: 'no open hypothesis may score above (list)',
    })
    .option('drift-steps', {
      type: 'number',
      default: DEFAULT_DONE.driftSteps,
      describe: 'steps without new evidence that trip the watchdog (list)',
    });
}

export function toHypothesisOptions(argv: ParsedArgs, common: CommonOptions): HypothesisOptions {
  return {
    ...common,
    action: argv['action'] as HypothesisOptions['action'],
    claim: str(argv['claim']),
    attr: str(argv['attr']),
    risk: milli(argv['risk'], '--risk', MILLI),
    infoGain: milli(argv['info-gain'], '--info-gain', MILLI),
    cost: milli(argv['cost'], '--cost'),
    oracle: str(argv['oracle']),
    provenance: str(argv['provenance']),
    id: str(argv['id']),
    status: str(argv['status']),
    evidence: (Array.isArray(argv['evidence']) ? argv['evidence'] : []).map(String),
    probeArgv: (Array.isArray(argv['probe-argv']) ? argv['probe-argv'] : []).map(String),
    probeControl: str(argv['probe-control']),
    expectStatus: str(argv['expect-status']),
    expectExit: typeof argv['expect-exit'] === 'number' ? argv['expect-exit'] : undefined,
    expectOutput: str(argv['expect-output']),
    highRisk: milli(argv['high-risk'], '--high-risk', MILLI) ?? DEFAULT_DONE.highRisk,
    maxOpenScore: milli(argv['max-open-score'], '--max-open-score') ?? DEFAULT_DONE.maxOpenScore,
    driftSteps:
      typeof argv['drift-steps'] === 'number' ? argv['drift-steps'] : DEFAULT_DONE.driftSteps,
  };
}

export const hypothesis = defineVerb<HypothesisOptions, HypothesisResult>({
  name: 'hypothesis',
  command: 'hypothesis <action> [claim]',
  describe: 'Add, update or list hypotheses ranked by infoGain × risk ÷ cost',
  examples: [
    [
      'proofgate knowledge hypothesis add "negative page size is accepted" --attr functional --risk 0.7 --info-gain 0.9 --cost 1 --oracle "expect 400" --provenance recon',
      'put a hypothesis on the board (score 0.63)',
    ],
    [
      'proofgate knowledge hypothesis update --id H-0001 --status refuted --evidence 3f2a9c1d',
      'decide it with a ledger entry',
    ],
    ['proofgate knowledge hypothesis list', 'the board by priority, plus the definition of done'],
  ],
  builder: hypothesisFlags,
  flagsPerAction: HYPOTHESIS_FLAGS,
  toOptions: toHypothesisOptions,
  run: (options, ctx) => runHypothesis(options, ctx),
  render: renderHypothesis,
  exitCode: () => 0,
});

/** The verb's run step: the flow, with the world it needs. */
export const runHypothesis: typeof hypothesisFlow = (...args) => hypothesisFlow(...args);

runIfMain(import.meta.url, hypothesis);
