// `proofgate knowledge hypothesis add|update|list`: the hypothesis board, ranked by
// priority = infoGain × risk ÷ cost, with the task's definition of done.
import { defineVerb } from '../lib/cli/define-verb.ts';
import { renderHypothesis } from '../lib/render/knowledge.ts';
import { DEFAULT_DONE } from '../lib/core/knowledge/evaluate-done.ts';
import { MILLI, parseMilli } from '../lib/core/knowledge/priority.ts';
import { runHypothesis } from '../lib/cli/run/knowledge.ts';

const milli = (v: string | undefined, flag: string, max?: number): number | undefined =>
  v === undefined ? undefined : parseMilli(v, flag, max);

const SCORE = ['risk', 'info-gain', 'cost', 'oracle'] as const;

export const hypothesis = defineVerb({
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
  positionals: {
    action: { choices: ['add', 'update', 'list'], required: true, describe: 'What to do' },
    claim: { describe: 'falsifiable statement (add)' },
  },
  flags: {
    attr: { type: 'string', describe: 'quality attribute (add)' },
    risk: { type: 'string', describe: 'impact 0..1 (add, update)' },
    'info-gain': { type: 'string', describe: 'expected information gain 0..1 (add, update)' },
    cost: { type: 'string', describe: 'cost > 0 (add, update)' },
    oracle: { type: 'string', describe: 'the observation that decides it (add, update)' },
    provenance: { type: 'string', describe: 'recon, user or prior:<case id> (add)' },
    id: { type: 'string', describe: 'hypothesis id (update)' },
    status: { type: 'string', describe: 'open, probing, confirmed, refuted (update)' },
    evidence: {
      type: 'string',
      array: true,
      describe: 'ledger entry hash or a unique prefix of 8+ hex digits (update; repeatable)',
    },
    'probe-argv': {
      type: 'string',
      array: true,
      describe: 'one argv element of the command explore runs (add; repeat in order)',
    },
    'probe-control': {
      type: 'string',
      describe: 'a control id explore runs as the probe, like evaluate --run (add)',
    },
    'expect-status': {
      type: 'string',
      describe: 'PASS or FAIL: the control status when the claim holds (add, with --probe-control)',
    },
    'expect-exit': {
      type: 'number',
      describe: 'exit code the probe shows when the claim holds (add)',
    },
    'expect-output': {
      type: 'string',
      describe: 'regular expression the probe output matches when the claim holds (add)',
    },
    'high-risk': {
      type: 'string',
      default: '0.7',
      describe: 'risk from which an attribute is high-risk (list)',
    },
    'max-open-score': {
      type: 'string',
      default: '0.5',
      describe: 'no open hypothesis may score above (list)',
    },
    'drift-steps': {
      type: 'number',
      default: DEFAULT_DONE.driftSteps,
      describe: 'steps without new evidence that trip the watchdog (list)',
    },
  },
  flagsPerAction: {
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
  },
  toOptions: (argv, common) => ({
    ...common,
    action: argv.action,
    claim: argv.claim,
    attr: argv.attr,
    risk: milli(argv.risk, '--risk', MILLI),
    infoGain: milli(argv['info-gain'], '--info-gain', MILLI),
    cost: milli(argv.cost, '--cost'),
    oracle: argv.oracle,
    provenance: argv.provenance,
    id: argv.id,
    status: argv.status,
    evidence: argv.evidence ?? [],
    probeArgv: argv['probe-argv'] ?? [],
    probeControl: argv['probe-control'],
    expectStatus: argv['expect-status'],
    expectExit: argv['expect-exit'],
    expectOutput: argv['expect-output'],
    highRisk: parseMilli(argv['high-risk'], '--high-risk', MILLI),
    maxOpenScore: parseMilli(argv['max-open-score'], '--max-open-score'),
    driftSteps: argv['drift-steps'],
  }),
  run: runHypothesis,
  render: renderHypothesis,
  exitCode: () => 0,
});
