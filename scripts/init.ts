// `proofgate init`: `--template` prints every decision; `--profile <file>` (flags override) creates
// the control plane. Nothing is inferred from the repository; invalid input writes nothing.
import { UsageError } from './lib/core/errors.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { runInit } from './lib/cli/run/init.ts';
import { renderInit } from './lib/render/init.ts';

const ARCHIVE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

const overrides = (what: string) =>
  ({ type: 'string', describe: `${what}; overrides the file` }) as const;

/** The profile decisions a flag may override. */
const PROFILE_FLAGS = {
  'development-mode': overrides('development mode'),
  'target-maturity': overrides('target maturity'),
  'distribution-model': overrides('distribution model'),
  criticality: overrides('criticality'),
  'data-sensitivity': overrides('data sensitivity'),
  'scope-mode': overrides('scope mode'),
  'project-name': overrides('project name'),
  owner: overrides('owner'),
  'product-type': { type: 'string', array: true, describe: 'Product type(s); overrides the file' },
  'ai-system': {
    type: 'boolean',
    describe: 'The product is an AI system (--no-ai-system: it is not)',
  },
} as const;

export const init = defineVerb({
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
  flags: {
    template: { type: 'boolean', default: false, describe: 'Print the profile skeleton and exit' },
    profile: { type: 'string', describe: 'YAML file with the decisions' },
    'from-archive': {
      type: 'string',
      describe:
        'Replace the existing plane, bound to this sealed archive of it (seal --archive); knowledge and custom rules are kept',
    },
    ...PROFILE_FLAGS,
  },
  toOptions: (argv, common) => {
    const given = {
      development_mode: argv['development-mode'],
      target_maturity: argv['target-maturity'],
      distribution_model: argv['distribution-model'],
      criticality: argv.criticality,
      data_sensitivity: argv['data-sensitivity'],
      scope_mode: argv['scope-mode'],
      project_name: argv['project-name'],
      owner: argv.owner,
      product_type: argv['product-type'],
      ai_system: argv['ai-system'],
    };
    const fromArchive = argv['from-archive'];
    if (fromArchive !== undefined && !ARCHIVE_ID.test(fromArchive))
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
      template: argv.template,
      profile: argv.profile,
      overrides: Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)),
    };
  },
  run: runInit,
  render: renderInit,
  toJson: (result) => (result.mode === 'template' ? { template: result.template } : result),
  exitCode: () => 0,
});
