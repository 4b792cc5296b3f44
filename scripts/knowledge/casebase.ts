// `proofgate knowledge casebase add|observe|retrieve|export|import`: reusable cases with applicability and
// negative results, confidence damped by independent corroboration, half-life decay and
// counterexamples, retrieved by structural similarity to the target model.
import { defineVerb } from './lib/cli/define-verb.ts';
import { describeActionFlags, type FlagsPerAction } from './lib/cli/action-flags.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderCasebase } from './lib/render/knowledge.ts';
import type { Argv } from 'yargs';
import { UsageError } from './lib/core/errors.ts';
import { MILLI, parseMilli } from './lib/core/knowledge/priority.ts';
import type { ParsedArgs } from './lib/cli/define-verb.ts';
import type { CommonOptions } from './lib/core/options.ts';
import {
  casebaseFlow,
  type CasebaseResult,
  type CasebaseOptions,
} from './lib/flows/casebase-flow.ts';

const ACTIONS = ['add', 'observe', 'retrieve', 'export', 'import', 'extract'] as const;

const FEATURES = ['kind', 'architecture', 'attr', 'stack', 'constraint'];
const PROVENANCE = ['project', 'environment', 'confirmation'];

/** The flags each action takes (toCasebaseOptions and casebase-flow read no other). */
const CASEBASE_FLAGS: FlagsPerAction = {
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
};

export function casebaseFlags(y: Argv): Argv {
  const list = { type: 'string', array: true } as const;
  return y
    .positional('action', { choices: ACTIONS, describe: describeActionFlags(CASEBASE_FLAGS) })
    .option('kind', {
      type: 'string',
      describe: 'target kind: web-api, web-ui, mobile, cli, lib, data-pipeline',
    })
    .option('architecture', { type: 'string', describe: 'monolith, service, distributed' })
    .option('attr', { type: 'string', describe: 'quality attribute' })
    .option('stack', { ...list, describe: 'language or framework (repeatable)' })
    .option('constraint', {
      ...list,
      describe: 'constraint, e.g. no-auth-on-test-env (repeatable)',
    })
    .option('applicability', {
      type: 'string',
      describe: 'when the strategy applies (add; required)',
    })
    .option('strategy', { type: 'string', describe: 'what to do (add)' })
    .option('adaptation', {
      ...list,
      describe: 'what must be adapted per project (add; repeatable)',
    })
    .option('outcome', { type: 'string', describe: 'what it found (add)' })
    .option('negative', { ...list, describe: '"<tried> :: <why it failed>" (add; repeatable)' })
    .option('none-failed', {
      type: 'boolean',
      default: false,
      describe: 'state that nothing tried failed (add)',
    })
    .option('project', { type: 'string', describe: 'project of the case or observation' })
    .option('environment', { type: 'string', describe: 'environment of the case or observation' })
    .option('confirmation', { type: 'string', describe: 'user, auto or single' })
    .option('half-life-days', {
      type: 'number',
      describe: 'confidence half-life (add; default 180)',
    })
    .option('id', { type: 'string', describe: 'case id (observe)' })
    .option('result', { type: 'string', describe: 'success or counterexample (observe)' })
    .option('min', { type: 'string', default: '0', describe: 'minimum similarity 0..1 (retrieve)' })
    .option('out', { type: 'string', describe: 'file to write (export)' })
    .option('from', { type: 'string', describe: 'file to read (import)' })
    .option('accept', {
      type: 'boolean',
      default: false,
      describe: 'record the proposed cases (extract; needs --authority-id human:<name>)',
    })
    .option('authority-id', { type: 'string', describe: 'the person accepting (extract)' });
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

export function toCasebaseOptions(argv: ParsedArgs, common: CommonOptions): CasebaseOptions {
  const action = argv['action'] as CasebaseOptions['action'];
  const file = action === 'import' ? str(argv['from']) : str(argv['out']);
  if (action === 'import' && file === undefined) {
    throw new UsageError('MISSING_ARG', 'casebase import needs --from <file>', {
      where: '--from',
      next: 'proofgate knowledge casebase import --from cases.json',
    });
  }
  const halfLife = argv['half-life-days'];
  return {
    ...common,
    action,
    features: {
      kind: str(argv['kind']) ?? '',
      architecture: str(argv['architecture']) ?? '',
      attr: str(argv['attr']) ?? '',
      stack: strs(argv['stack']),
      constraints: strs(argv['constraint']),
    },
    applicability: str(argv['applicability']),
    strategy: str(argv['strategy']),
    adaptation: strs(argv['adaptation']),
    outcome: str(argv['outcome']),
    negative: strs(argv['negative']),
    isNegativeNone: argv['none-failed'] === true,
    project: str(argv['project']),
    environment: str(argv['environment']),
    confirmation: str(argv['confirmation']),
    halfLifeDays: typeof halfLife === 'number' ? halfLife : undefined,
    id: str(argv['id']),
    result: str(argv['result']),
    min: parseMilli(str(argv['min']) ?? '0', '--min', MILLI),
    file,
    accept: argv['accept'] === true,
    authority: str(argv['authority-id']),
  };
}

export const casebase = defineVerb<CasebaseOptions, CasebaseResult>({
  name: 'casebase',
  command: 'casebase <action>',
  describe: 'Add, observe, retrieve, export, import or extract reusable test strategy cases',
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
  builder: casebaseFlags,
  flagsPerAction: CASEBASE_FLAGS,
  toOptions: toCasebaseOptions,
  run: (options, ctx) => runCasebase(options, ctx),
  render: renderCasebase,
  toJson: (r) => (r.action === 'export' && r.file === undefined ? r.export : r),
  exitCode: () => 0,
});

/** The verb's run step: the flow, with the world it needs. */
export const runCasebase: typeof casebaseFlow = (...args) => casebaseFlow(...args);

runIfMain(import.meta.url, casebase);
