// `proofgate init`: `--template` prints every decision; `--profile <file>` (flags override) creates
// the control plane. Nothing is inferred from the repository; invalid input writes nothing.
import { UsageError } from './lib/core/errors.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { runInit, type InitOptions } from './lib/cli/run/init.ts';
import { renderInit } from './lib/render/init.ts';
import type { InitResult } from './lib/render/init.ts';

const ARCHIVE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

const STRING_FLAGS = [
  'development-mode',
  'target-maturity',
  'distribution-model',
  'criticality',
  'data-sensitivity',
  'scope-mode',
  'project-name',
  'owner',
] as const;

export const init = defineVerb<InitOptions, InitResult>({
  name: 'init',
  describe: 'Print the profile template, or create the control plane from an explicit profile',
  examples: [
    ['proofgate init --template > profile.yaml', 'every decision with its allowed values'],
    ['proofgate init --profile profile.yaml', 'create .proofgate/ from the filled-in profile'],
    [
      'proofgate init --profile p.yaml --target-maturity production_ready',
      'a flag overrides the file',
    ],
    [
      'proofgate init --profile p.yaml --from-archive pre-reinit',
      'replace the plane, bound to its sealed archive (seal --archive-id pre-reinit --archive)',
    ],
  ],
  builder: (y) => {
    let built = y
      .option('template', {
        type: 'boolean',
        default: false,
        describe: 'Print the profile skeleton and exit',
      })
      .option('profile', { type: 'string', describe: 'YAML file with the decisions' })
      .option('from-archive', {
        type: 'string',
        describe:
          'Replace the existing plane, bound to this sealed archive of it (seal --archive); knowledge and custom rules are kept',
      })
      .option('product-type', {
        type: 'string',
        array: true,
        describe: 'Product type(s); overrides the file',
      })
      .option('ai-system', {
        type: 'boolean',
        describe: 'The product is an AI system (--no-ai-system: it is not)',
      });
    for (const flag of STRING_FLAGS)
      built = built.option(flag, {
        type: 'string',
        describe: `${flag.replace(/-/g, ' ')}; overrides the file`,
      });
    return built;
  },
  toOptions: (argv, common) => {
    const overrides: Record<string, unknown> = {};
    for (const flag of [...STRING_FLAGS, 'product-type', 'ai-system']) {
      const value = argv[flag];
      if (value !== undefined) overrides[flag.replace(/-/g, '_')] = value;
    }
    const profile = argv['profile'];
    const fromArchive = argv['from-archive'];
    if (
      fromArchive !== undefined &&
      (typeof fromArchive !== 'string' || !ARCHIVE_ID.test(fromArchive))
    )
      throw new UsageError(
        'BAD_VALUE',
        `--from-archive ${JSON.stringify(fromArchive)} is not a valid id`,
        {
          where: '--from-archive',
          expected: `the --archive-id of a seal recorded with --archive: ${String(ARCHIVE_ID)}`,
        },
      );
    return {
      ...common,
      fromArchive,
      template: argv['template'] === true,
      profile: typeof profile === 'string' ? profile : undefined,
      overrides,
    };
  },
  run: runInit,
  render: renderInit,
  toJson: (result) => (result.mode === 'template' ? { template: result.template } : result),
  exitCode: () => 0,
});

runIfMain(import.meta.url, init);
