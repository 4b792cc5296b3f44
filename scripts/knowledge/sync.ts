// `proofgate knowledge sync`: derives the traceability graph (requirement → risk → control → test →
// evidence → outcome) from the registry and requirement files, writes it to
// `<plane>/knowledge/trace-graph.json` (derived, never hand-edited) and reports the gaps that
// block claims at the project's target maturity.
import { defineVerb } from '../lib/cli/define-verb.ts';
import { runSync } from '../lib/cli/run/knowledge.ts';
import { renderSync } from '../lib/render/knowledge.ts';

export const sync = defineVerb({
  examples: [
    ['proofgate knowledge sync', 'write <plane>/knowledge/trace-graph.json and list the gaps'],
    [
      'proofgate knowledge sync --requirements docs/requirements.yaml --dry-run',
      'check without writing',
    ],
  ],
  flags: {
    requirements: {
      type: 'string',
      array: true,
      describe: 'requirement file (YAML; repeatable)',
    },
    'dry-run': { type: 'boolean', default: false, describe: 'report only, write nothing' },
  },
  toOptions: (argv, common) => ({
    ...common,
    requirements: argv.requirements ?? [],
    isDryRun: argv['dry-run'],
  }),
  run: runSync,
  render: renderSync,
  exitCode: (r) => (r.blocking.length > 0 ? 1 : 0),
});
