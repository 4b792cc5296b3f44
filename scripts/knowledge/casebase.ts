// `proofgate knowledge casebase add|observe|retrieve|export|import|extract`: reusable cases with
// applicability and negative results, confidence damped by independent corroboration, half-life
// decay and counterexamples, retrieved by structural similarity to the target model.
import { defineVerb } from '../lib/cli/define-verb.ts';
import { renderCasebase } from '../lib/render/knowledge.ts';
import { UsageError } from '../lib/core/errors.ts';
import { MILLI, parseMilli } from '../lib/core/knowledge/priority.ts';
import { runCasebase } from '../lib/cli/run/knowledge.ts';
import type { CasebaseOptions } from '../lib/flows/knowledge/casebase-flow.ts';

const ACTIONS = ['add', 'observe', 'retrieve', 'export', 'import', 'extract'] as const;
const FEATURES = ['kind', 'architecture', 'attr', 'stack', 'constraint'] as const;
const PROVENANCE = ['project', 'environment', 'confirmation'] as const;
const list = { type: 'string', array: true } as const;

export const casebase = defineVerb({
  examples: [
    [
      'proofgate knowledge casebase add --kind web-api --architecture service --attr functional --applicability "REST writes without schema validation" --strategy "boundary + type confusion probes" --outcome "2 defects" --negative "same probes on reads :: reads validate" --project shop --environment staging --confirmation user',
      'record a case',
    ],
    [
      'proofgate knowledge casebase retrieve --kind web-api --architecture service --attr functional --stack typescript',
      'closest cases first',
    ],
    [
      'proofgate knowledge casebase observe --id CB-0001 --result counterexample --project billing --environment ci --confirmation auto',
      'damp it',
    ],
  ],
  positionals: { action: { choices: ACTIONS, required: true, describe: 'What to do' } },
  flags: {
    kind: {
      type: 'string',
      describe: 'target kind: web-api, web-ui, mobile, cli, lib, data-pipeline',
    },
    architecture: { type: 'string', describe: 'monolith, service, distributed' },
    attr: { type: 'string', describe: 'quality attribute' },
    stack: { ...list, describe: 'language or framework (repeatable)' },
    constraint: { ...list, describe: 'constraint, e.g. no-auth-on-test-env (repeatable)' },
    applicability: { type: 'string', describe: 'when the strategy applies (add; required)' },
    strategy: { type: 'string', describe: 'what to do (add)' },
    adaptation: { ...list, describe: 'what must be adapted per project (add; repeatable)' },
    outcome: { type: 'string', describe: 'what it found (add)' },
    negative: { ...list, describe: '"<tried> :: <why it failed>" (add; repeatable)' },
    'none-failed': {
      type: 'boolean',
      default: false,
      describe: 'state that nothing tried failed (add)',
    },
    project: { type: 'string', describe: 'project of the case or observation' },
    environment: { type: 'string', describe: 'environment of the case or observation' },
    confirmation: { type: 'string', describe: 'user, auto or single' },
    'half-life-days': { type: 'number', describe: 'confidence half-life (add; default 180)' },
    id: { type: 'string', describe: 'case id (observe)' },
    result: { type: 'string', describe: 'success or counterexample (observe)' },
    min: { type: 'string', default: '0', describe: 'minimum similarity 0..1 (retrieve)' },
    out: { type: 'string', describe: 'file to write (export)' },
    from: { type: 'string', describe: 'file to read (import)' },
    accept: {
      type: 'boolean',
      default: false,
      describe: 'record the proposed cases (extract; needs --authority-id human:<name>)',
    },
    'authority-id': { type: 'string', describe: 'the person accepting (extract)' },
  },
  flagsPerAction: {
    add: [
      ...FEATURES,
      'applicability',
      'strategy',
      'adaptation',
      'outcome',
      'negative',
      'none-failed',
      ...PROVENANCE,
      'half-life-days',
    ],
    observe: ['id', 'result', ...PROVENANCE],
    retrieve: [...FEATURES, 'min'],
    export: ['out'],
    import: ['from'],
    extract: ['accept', 'authority-id', 'project', 'environment'],
  },
  toOptions: (argv, common): CasebaseOptions => {
    const { action } = argv;
    const file = action === 'import' ? argv.from : argv.out;
    if (action === 'import' && file === undefined) {
      throw new UsageError('MISSING_ARG', 'casebase import needs --from <file>', {
        where: '--from',
        next: 'proofgate knowledge casebase import --from cases.json',
      });
    }
    return {
      ...common,
      action,
      features: {
        kind: argv.kind ?? '',
        architecture: argv.architecture ?? '',
        attr: argv.attr ?? '',
        stack: argv.stack ?? [],
        constraints: argv.constraint ?? [],
      },
      applicability: argv.applicability,
      strategy: argv.strategy,
      adaptation: argv.adaptation ?? [],
      outcome: argv.outcome,
      negative: argv.negative ?? [],
      isNegativeNone: argv['none-failed'],
      project: argv.project,
      environment: argv.environment,
      confirmation: argv.confirmation,
      halfLifeDays: argv['half-life-days'],
      id: argv.id,
      result: argv.result,
      min: parseMilli(argv.min, '--min', MILLI),
      file,
      accept: argv.accept,
      authority: argv['authority-id'],
    };
  },
  run: runCasebase,
  render: renderCasebase,
  toJson: (r) => (r.action === 'export' && r.file === undefined ? r.export : r),
  exitCode: () => 0,
});
