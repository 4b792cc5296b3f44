// `proofgate adopt`: turns one real command found by scan into a command control (or fills a
// catalog slot with it), fills a slot with a person's own command given after `--`, or records
// that a control does not apply. The flow edits registry.yaml keeping comments.
import { defineVerb } from './lib/cli/define-verb.ts';
import { AUTHORIZATION_KINDS } from './lib/core/plane/types.ts';
import { renderAdopt } from './lib/render/adopt.ts';
import { runAdopt, type AdoptOptions } from './lib/cli/run/adopt.ts';

export { runAdopt, type AdoptOptions };

export const adopt = defineVerb({
  examples: [
    ['proofgate adopt --list', 'candidates, open slots and commands that cannot be adopted'],
    ['proofgate adopt npm:test --fills ENG.TESTS', 'the tests slot now runs ["npm","run","test"]'],
    ['proofgate adopt make:check --as CHECK', 'add a control CHECK running ["make","check"]'],
    [
      'proofgate adopt --fills ENG.TYPECHECK -- npx tsc --noEmit',
      'a slot no candidate fits runs your command (source: manual, who and when recorded)',
    ],
    [
      "proofgate adopt --fills AI.TRAJECTORY_RULES --trace-pack honest-completion --traces 'traces/**/*.jsonl'",
      'the trajectory slot judges the recorded traces with a rule pack',
    ],
    [
      'proofgate adopt --not-applicable ENG.BUILD --rationale "library without a build step"',
      'the control stops blocking claims; owner and reason recorded',
    ],
    [
      'proofgate adopt --uncounted ENG.TESTS',
      'a plain script of assertions: its runs carry no test count (inventory: none)',
    ],
  ],
  positionals: { candidate: { describe: 'Candidate id, e.g. npm:test' } },
  flags: {
    list: { type: 'boolean', default: false, describe: 'List candidates and open slots' },
    as: { type: 'string', describe: 'Id of the new control (default CMD.<candidate>)' },
    fills: {
      type: 'string',
      describe: 'Fill this catalog slot (with the candidate, or with the command after --)',
    },
    'not-applicable': {
      type: 'string',
      describe: 'Record that this control does not apply (needs --rationale)',
    },
    rationale: { type: 'string', describe: 'Why the control does not apply' },
    uncounted: {
      type: 'string',
      describe:
        "this command control prints no test count the gate reads: record inventory: none on it (a definition change, approved under the base's rules)",
    },
    'authority-id': {
      type: 'string',
      describe: 'The person deciding (default: the only human authority in the manifest)',
    },
    outputs: {
      type: 'string',
      array: true,
      describe:
        'files the command writes (repeatable path or glob): left out of every result, so its own build output does not stale it',
    },
    inputs: {
      type: 'string',
      array: true,
      describe:
        'files the command reads (repeatable path or glob), replacing the inputs scan proposes: its result stales only when they change',
    },
    'whole-tree': {
      type: 'boolean',
      default: false,
      describe:
        'write no inputs: any change in the tree stales its result (instead of the proposed inputs)',
    },
    'ignore-outputs': {
      type: 'boolean',
      default: false,
      describe:
        'with --outputs: append the .gitignore lines that keep those files out of commits (the advice prints them either way)',
    },
    'trace-pack': {
      type: 'string',
      describe:
        'with --fills: the trace rule pack a trajectory slot runs (a shipped name such as honest-completion, or a pack file)',
    },
    traces: {
      type: 'string',
      array: true,
      describe: 'with --trace-pack: globs of the recorded traces the pack judges (repeatable)',
    },
    authorize: {
      type: 'string',
      array: true,
      choices: AUTHORIZATION_KINDS,
      describe:
        'acknowledge a risky command (publish, deploy, install_dependencies, rewrite_files)',
    },
  },
  toOptions: (argv, common): AdoptOptions => ({
    ...common,
    list: argv.list,
    candidate: argv.candidate,
    as: argv.as,
    fills: argv.fills,
    authorize: argv.authorize ?? [],
    command: argv['--'] === undefined ? undefined : [...argv['--']],
    notApplicable: argv['not-applicable'],
    ...(argv.uncounted === undefined ? {} : { uncounted: argv.uncounted }),
    rationale: argv.rationale,
    authorityId: argv['authority-id'],
    ...(argv.outputs === undefined ? {} : { outputs: argv.outputs }),
    ...(argv['ignore-outputs'] ? { ignoreOutputs: true } : {}),
    ...(argv.inputs === undefined ? {} : { inputs: argv.inputs }),
    ...(argv['whole-tree'] ? { wholeTree: true } : {}),
    ...(argv['trace-pack'] === undefined ? {} : { tracePack: argv['trace-pack'] }),
    ...(argv.traces === undefined ? {} : { traces: argv.traces }),
  }),
  run: runAdopt,
  render: renderAdopt,
  exitCode: () => 0,
});
