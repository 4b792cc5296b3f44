// `proofgate efficacy` (references/efficacy.md): plants seeded defects in a temporary worktree,
// runs the control there and expects it to FAIL; records an `efficacy` entry per control.
import type { Context } from './lib/core/context.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { runEfficacyFlow, type EfficacyResult } from './lib/flows/efficacy-flow.ts';
import { resolveRoot } from './lib/io/git.ts';
import { createRealGateIO } from './lib/cli/world/real-gate-io.ts';
import { createEfficacyIO } from './lib/io/temp-worktree.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderEfficacy } from './lib/render/render-efficacy.ts';
import { defaultExecutionContext } from './lib/io/default-context.ts';
import type { Argv } from 'yargs';
import { UsageError } from './lib/core/errors.ts';
import { MUTATION_OPERATORS, type MutationOperator } from './lib/core/efficacy/operators.ts';
import type { Actor } from './lib/core/ledger/types.ts';
import type { ParsedArgs } from './lib/cli/define-verb.ts';
import type { EfficacyMethod } from './lib/flows/efficacy-flow.ts';
import type { CommonOptions } from './lib/core/options.ts';

export async function runEfficacy(
  options: EfficacyVerbOptions,
  ctx: Context,
): Promise<EfficacyResult> {
  const root = await resolveRoot(options.root, ctx.cwd);
  return runEfficacyFlow(
    { root, controls: options.controls, method: options.method, actor: options.actor },
    ctx,
    createRealGateIO(ctx),
    createEfficacyIO(),
  );
}

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
    .option('from-report', {
      type: 'string',
      describe:
        'Import a mutation report of the current code (mutation-testing-report-schema JSON, cargo-mutants outcomes.json)',
    })
    .option('mutate', {
      type: 'string',
      choices: [...MUTATION_OPERATORS, 'all'],
      describe: 'Built-in mutation operator (JS/TS, Python, Rust source)',
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
  const report = argv['from-report'];
  const given = [patch, mutate, report].filter((v) => typeof v === 'string').length;
  if (given !== 1) {
    throw new UsageError(
      'MISSING_ARG',
      'give exactly one of --mutate <operator>, --patch <file> or --from-report <file>',
      {
        expected: `--mutate ${[...MUTATION_OPERATORS, 'all'].join('|')}, --patch <file> or --from-report <report.json>`,
      },
    );
  }
  if (typeof patch === 'string') return { kind: 'patch', path: patch };
  if (typeof report === 'string') return { kind: 'report', path: report };
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
      context: typeof context === 'string' ? context : defaultExecutionContext(),
    },
  };
}

export const efficacy = defineVerb<EfficacyVerbOptions, EfficacyResult>({
  name: 'efficacy',
  describe: 'Plant seeded defects in a temporary worktree and check that each control catches them',
  examples: [
    [
      'proofgate efficacy --control test --mutate all',
      'up to 5 seeded defects (--max-mutants); each must make the tests FAIL',
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
  builder: buildEfficacyFlags,
  toOptions: toEfficacyOptions,
  run: runEfficacy,
  render: renderEfficacy,
  exitCode: (r) => (r.ok ? 0 : 1),
});

runIfMain(import.meta.url, efficacy);
