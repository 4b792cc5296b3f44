// `proofgate init --scaffold-ci`: write a runner script and a GitHub workflow with every action
// pinned to a full commit SHA. references/init.md "--scaffold-ci".
import { UsageError } from '../lib/core/errors.ts';
import { parsePin } from '../lib/core/scaffold/pin-actions.ts';
import { defineVerb } from '../lib/cli/define-verb.ts';
import { runScaffold } from '../lib/cli/run/scaffold.ts';
import { renderScaffoldCi } from '../lib/render/scaffold-ci.ts';

export const scaffoldCi = defineVerb({
  examples: [
    [
      'proofgate init --scaffold-ci',
      'pins from the template or the pinned workflows of the repository',
    ],
    [
      'proofgate init --scaffold-ci --pin actions/checkout=<40-hex sha>',
      'supply a pin you looked up yourself',
    ],
  ],
  flags: {
    'scaffold-ci': { type: 'boolean', describe: 'Write the runner script and the workflow' },
    pin: {
      type: 'string',
      array: true,
      nonEmpty: true,
      describe: 'owner/repo=<40-hex commit>: the commit an action is pinned to (repeatable)',
    },
  },
  toOptions: (argv, common) => ({
    ...common,
    pins: (argv.pin ?? []).map((text) => {
      const pin = parsePin(text);
      if (pin === undefined)
        throw new UsageError('BAD_VALUE', `--pin ${text} is not owner/repo=<40-hex commit>`, {
          where: '--pin',
          expected: 'e.g. actions/checkout=<the 40-hex commit the tag names>',
        });
      return pin;
    }),
  }),
  run: runScaffold,
  render: renderScaffoldCi,
  exitCode: () => 0,
});
