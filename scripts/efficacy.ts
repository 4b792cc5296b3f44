// `proofgate efficacy` (references/efficacy.md): plants seeded defects in a temporary worktree,
// runs the control there and expects it to FAIL; records an `efficacy` entry per control.
import { defineVerb } from './lib/cli/define-verb.ts';
import { runEfficacy } from './lib/cli/run/efficacy.ts';
import { UsageError } from './lib/core/errors.ts';
import { MUTATION_OPERATORS } from './lib/core/efficacy/operators.ts';
import type { EfficacyMethod } from './lib/flows/efficacy/efficacy-flow.ts';
import { renderEfficacy } from './lib/render/efficacy.ts';

const OPERATORS = [...MUTATION_OPERATORS, 'all'] as const;

function toMethod(argv: {
  patch: string | undefined;
  mutate: (typeof OPERATORS)[number] | undefined;
  'from-report': string | undefined;
  'max-mutants': number;
  seed: number;
  changed: string | undefined;
}): EfficacyMethod {
  const { patch, 'from-report': report, changed } = argv;
  // --changed alone means every operator on the changed lines.
  const mutate = argv.mutate ?? (changed === undefined ? undefined : 'all');
  const given = [patch, mutate, report].filter((v) => v !== undefined).length;
  if (given !== 1) {
    throw new UsageError(
      'MISSING_ARG',
      'give exactly one of --mutate <operator>, --patch <file> or --from-report <file>',
      {
        expected: `--mutate ${OPERATORS.join('|')}, --patch <file> or --from-report <report.json>`,
      },
    );
  }
  if (patch !== undefined) return { kind: 'patch', path: patch };
  if (report !== undefined) return { kind: 'report', path: report };
  const maxMutants = argv['max-mutants'];
  const { seed } = argv;
  const bounds = [
    ['--max-mutants', maxMutants, 1],
    ['--seed', seed, 0],
  ] as const;
  for (const [flag, value, min] of bounds) {
    if (!Number.isSafeInteger(value) || value < min) {
      throw new UsageError('BAD_VALUE', `${flag} must be a whole number of at least ${min}`, {
        where: flag,
      });
    }
  }
  return {
    kind: 'mutate',
    operator: mutate ?? 'all',
    maxMutants,
    seed,
    ...(changed === undefined ? {} : { changed: changed.trim() }),
  };
}

export const efficacy = defineVerb({
  examples: [
    [
      'proofgate efficacy --control test --mutate all',
      'up to 5 seeded defects (--max-mutants); each must make the tests FAIL',
    ],
    [
      'proofgate efficacy --control test --changed',
      'mutants only in the lines changed since the base claim judges against',
    ],
    [
      'proofgate efficacy --control test --from-report mutants.out/outcomes.json',
      "imports a mutation tool's report of the current code, labelled imported",
    ],
    [
      'proofgate efficacy --control refund-trace --patch bad-trace.patch',
      'a patch that seeds a bad trace must produce a block finding',
    ],
  ],
  flags: {
    control: { type: 'string', array: true, demand: true, describe: 'Control id (repeatable)' },
    patch: { type: 'string', describe: 'Unified diff that plants the defect' },
    'from-report': {
      type: 'string',
      describe:
        'Import a mutation report of the current code (mutation-testing-report-schema JSON, cargo-mutants outcomes.json)',
    },
    mutate: {
      type: 'string',
      choices: OPERATORS,
      describe: 'Built-in mutation operator (JS/TS, Python, Rust source)',
    },
    'max-mutants': { type: 'number', default: 5, describe: 'Mutants per control (--mutate)' },
    seed: { type: 'number', default: 1, describe: 'Seed of the site choice (--mutate)' },
    changed: {
      type: 'string',
      describe:
        'Only the lines changed since a base: `--changed` (the trusted base claim uses) or `--changed <ref>`',
    },
    actor: { type: 'string', default: 'proofgate efficacy', describe: 'Display label' },
    'authority-id': {
      type: 'string',
      default: 'virtual:developer',
      describe: 'Registered authority recording the entry',
    },
    'execution-context': { type: 'string', describe: 'Where it runs (default local:<host>)' },
  },
  toOptions: (argv, common) => ({
    ...common,
    controls: argv.control,
    method: toMethod(argv),
    actor: {
      label: argv.actor,
      authority: argv['authority-id'],
      context: argv['execution-context'],
    },
  }),
  run: runEfficacy,
  render: renderEfficacy,
  exitCode: (r) => (r.ok ? 0 : 1),
});
