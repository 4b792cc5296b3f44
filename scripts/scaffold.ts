// `proofgate init --scaffold-ci`: write a runner script and a GitHub workflow with every action
// pinned to a full commit SHA. references/init.md "--scaffold-ci".
import type { Context } from './lib/core/context.ts';
import { UsageError } from './lib/core/errors.ts';
import { parsePin } from './lib/core/scaffold/pin-actions.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { readStrings } from './lib/cli/gate-flags.ts';
import { findGitRoot } from './lib/io/git.ts';
import { scaffoldCiFlow, type ScaffoldCiResult } from './lib/flows/scaffold-ci-flow.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import type { CommonOptions } from './lib/core/options.ts';

export interface ScaffoldOptions extends CommonOptions {
  pins: { repo: string; sha: string }[];
}

export async function runScaffold(
  options: ScaffoldOptions,
  ctx: Context,
): Promise<ScaffoldCiResult> {
  const root = await findGitRoot(options.root ?? ctx.cwd);
  return scaffoldCiFlow(root, options.pins);
}

function render(r: ScaffoldCiResult): string {
  return `${[
    `SCAFFOLDED ${r.written.join(', ')}`,
    ...r.pins.map((p) => `  ${p.action}@${p.sha} (pin from ${p.from})`),
    '  review both files and commit them; the workflow is a template, never evidence',
  ].join('\n')}\n`;
}

export const scaffold = defineVerb<ScaffoldOptions, ScaffoldCiResult>({
  name: 'scaffold',
  describe: 'Write a runner script and a GitHub workflow with actions pinned to commit SHAs',
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
  builder: (y) =>
    y.option('pin', {
      type: 'string',
      array: true,
      describe: 'owner/repo=<40-hex commit>: the commit an action is pinned to (repeatable)',
    }),
  toOptions: (argv, common) => ({
    ...common,
    pins: readStrings(argv, 'pin').map((text) => {
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
  render,
  exitCode: () => 0,
});

runIfMain(import.meta.url, scaffold);
