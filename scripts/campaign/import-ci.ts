// `proofgate campaign import-ci --workflow ID --commit SHA --junit FILE|--json-file FILE`: records a
// remote CI result a person fetched, bound to the commit's tree. Never reaches the remote itself.
import { defineVerb } from '../lib/cli/define-verb.ts';
import { runCiImport } from '../lib/cli/run/ci-import.ts';
import { renderCiImport } from '../lib/render/ci-import.ts';

export const importCi = defineVerb({
  examples: [
    [
      'proofgate campaign import-ci --workflow ci --commit 1a2b3c4 --junit ci-results/ci/junit.xml --authority-id ci:github --execution-context ci:github:123',
      'record the result of workflow "ci" on that commit',
    ],
    [
      'proofgate campaign import-ci --workflow ci --commit 1a2b3c4',
      'BLOCKED: prints how to fetch it',
    ],
  ],
  flags: {
    workflow: { type: 'string', demand: true, describe: 'workflow id (scan)' },
    commit: { type: 'string', demand: true, describe: 'commit the run built' },
    junit: { type: 'string', describe: 'JUnit XML result file' },
    'json-file': { type: 'string', describe: 'JSON run object (conclusion/status)' },
    actor: { type: 'string', describe: 'display label' },
    'authority-id': { type: 'string', default: 'ci:remote', describe: 'authority' },
    'execution-context': { type: 'string', default: 'ci:remote', describe: 'context' },
  },
  toOptions: (argv, common) => ({
    ...common,
    workflow: argv.workflow,
    commit: argv.commit,
    junit: argv.junit,
    json_file: argv['json-file'],
    actor: argv.actor,
    authorityId: argv['authority-id'],
    executionContext: argv['execution-context'],
  }),
  run: runCiImport,
  render: renderCiImport,
  exitCode: (r) => (r.status === 'PASS' ? 0 : 1),
});
