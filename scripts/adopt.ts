// `proofgate adopt`: turns one real command found by scan into a command control (or fills a
// catalog slot with it), fills a slot with a person's own command given after `--`, or records
// that a control does not apply. The flow edits registry.yaml keeping comments.
import { defineVerb } from './lib/cli/define-verb.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import type { AdoptResult } from './lib/flows/adopt-flow.ts';
import { renderAdopt } from './lib/render/adopt.ts';
import { readAuthorize } from './lib/cli/gate-flags.ts';
import { runAdopt, type AdoptOptions } from './lib/cli/run/adopt.ts';

export { runAdopt, type AdoptOptions };

export const adopt = defineVerb<AdoptOptions, AdoptResult>({
  name: 'adopt',
  command: 'adopt [candidate]',
  describe:
    'Turn a real command into a control, fill a slot with your own command, or mark a control not applicable',
  examples: [
    ['proofgate adopt --list', 'candidates, open slots and commands that cannot be adopted'],
    ['proofgate adopt npm:test --fills ENG.TESTS', 'the tests slot now runs ["npm","run","test"]'],
    ['proofgate adopt make:check --as CHECK', 'add a control CHECK running ["make","check"]'],
    [
      'proofgate adopt --fills ENG.TYPECHECK -- npx tsc --noEmit',
      'a slot no candidate fits runs your command (source: manual, who and when recorded)',
    ],
    [
      'proofgate adopt --not-applicable ENG.BUILD --rationale "library without a build step"',
      'the control stops blocking claims; owner and reason recorded',
    ],
  ],
  builder: (y) =>
    y
      .positional('candidate', { type: 'string', describe: 'Candidate id, e.g. npm:test' })
      .option('list', {
        type: 'boolean',
        default: false,
        describe: 'List candidates and open slots',
      })
      .option('as', { type: 'string', describe: 'Id of the new control (default CMD.<candidate>)' })
      .option('fills', {
        type: 'string',
        describe: 'Fill this catalog slot (with the candidate, or with the command after --)',
      })
      .option('not-applicable', {
        type: 'string',
        describe: 'Record that this control does not apply (needs --rationale)',
      })
      .option('rationale', { type: 'string', describe: 'Why the control does not apply' })
      .option('authority-id', {
        type: 'string',
        describe: 'The person deciding (default: the only human authority in the manifest)',
      })
      .option('outputs', {
        type: 'string',
        array: true,
        describe:
          'files the command writes (repeatable path or glob): left out of every result, so its own build output does not stale it',
      })
      .option('ignore-outputs', {
        type: 'boolean',
        default: false,
        describe:
          'with --outputs: append the .gitignore lines that keep those files out of commits (the advice prints them either way)',
      })
      .option('authorize', {
        type: 'string',
        array: true,
        describe:
          'acknowledge a risky command (publish, deploy, install_dependencies, rewrite_files)',
      }),
  toOptions: (argv, common) => {
    const text = (key: string): string | undefined =>
      typeof argv[key] === 'string' ? argv[key] : undefined;
    const after = argv['--'];
    return {
      ...common,
      list: argv['list'] === true,
      candidate: text('candidate'),
      as: text('as'),
      fills: text('fills'),
      authorize: readAuthorize(argv),
      command: Array.isArray(after) ? after.map(String) : undefined,
      notApplicable: text('not-applicable'),
      rationale: text('rationale'),
      authorityId: text('authority-id'),
      ...(Array.isArray(argv['outputs']) ? { outputs: argv['outputs'].map(String) } : {}),
      ...(argv['ignore-outputs'] === true ? { ignoreOutputs: true } : {}),
    };
  },
  run: runAdopt,
  render: renderAdopt,
  exitCode: () => 0,
});

runIfMain(import.meta.url, adopt);
