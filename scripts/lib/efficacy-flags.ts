// The flags of `proofgate efficacy` and their conversion to options (kept apart from the verb file
// so that stays short).
import { hostname } from 'node:os';
import type { Argv } from 'yargs';
import { UsageError } from './core/errors.ts';
import { MUTATION_OPERATORS, type MutationOperator } from './core/efficacy/operators.ts';
import type { Actor } from './core/ledger/types.ts';
import type { CommonOptions, ParsedArgs } from './cli/define-verb.ts';
import type { EfficacyMethod } from './flows/efficacy-flow.ts';

export interface EfficacyVerbOptions extends CommonOptions {
  controls: string[];
  method: EfficacyMethod;
  actor: Actor;
}

export function buildEfficacyFlags(y: Argv): Argv {
  return y
    .option('control', {
      type: 'string',
      array: true,
      demandOption: true,
      describe: 'Control id (repeatable)',
    })
    .option('patch', { type: 'string', describe: 'Unified diff that plants the defect' })
    .option('mutate', {
      type: 'string',
      choices: [...MUTATION_OPERATORS, 'all'],
      describe: 'Built-in mutation operator for JS/TS source',
    })
    .option('max-mutants', {
      type: 'number',
      default: 5,
      describe: 'Mutants per control (--mutate)',
    })
    .option('seed', { type: 'number', default: 1, describe: 'Seed of the site choice (--mutate)' })
    .option('actor', { type: 'string', default: 'proofgate efficacy', describe: 'Display label' })
    .option('authority-id', {
      type: 'string',
      default: 'virtual:developer',
      describe: 'Registered authority recording the entry',
    })
    .option('execution-context', {
      type: 'string',
      describe: 'Where it runs (default local:<host>)',
    });
}

function toMethod(argv: ParsedArgs): EfficacyMethod {
  const patch = argv['patch'];
  const mutate = argv['mutate'];
  if ((typeof patch === 'string') === (typeof mutate === 'string')) {
    throw new UsageError(
      'MISSING_ARG',
      'give exactly one of --patch <file> or --mutate <operator>',
      {
        expected: `--patch <file> or --mutate ${[...MUTATION_OPERATORS, 'all'].join('|')}`,
      },
    );
  }
  if (typeof patch === 'string') return { kind: 'patch', path: patch };
  const maxMutants = Number(argv['max-mutants']);
  const seed = Number(argv['seed']);
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
  return { kind: 'mutate', operator: mutate as MutationOperator | 'all', maxMutants, seed };
}

export function toEfficacyOptions(argv: ParsedArgs, common: CommonOptions): EfficacyVerbOptions {
  const context = argv['execution-context'];
  return {
    ...common,
    controls: (argv['control'] as unknown[]).map(String),
    method: toMethod(argv),
    actor: {
      label: String(argv['actor']),
      authority: String(argv['authority-id']),
      context: typeof context === 'string' ? context : `local:${hostname()}`,
    },
  };
}
