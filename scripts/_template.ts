// Template for a new verb: copy to scripts/<verb>.ts (an action of a verb: scripts/<verb>/<action>.ts),
// add its row to the verb table in scripts/cli.ts, write references/<verb>.md, and keep the logic in
// scripts/lib/core/ (this file stays <= 120 lines). By the verb recipe (ARCHITECTURE.md): the
// result type goes beside the verb's flow, the renderer into scripts/lib/render/, and any real-I/O
// wiring of `run` into scripts/lib/cli/run/<verb>.ts; the verb never imports lib/io or lib/flows/world.
import type { Context } from './lib/core/context.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import type { CommonOptions } from './lib/core/options.ts';

interface TemplateOptions extends CommonOptions {
  name: string;
}

interface TemplateResult {
  ok: boolean;
  greeting: string;
}

export async function runTemplate(
  options: TemplateOptions,
  _ctx: Context,
): Promise<TemplateResult> {
  return Promise.resolve({ ok: true, greeting: `hello ${options.name}` });
}

export const template = defineVerb({
  examples: [['proofgate _template --name you', 'greets you']],
  flags: { name: { type: 'string', default: 'world', describe: 'Who to greet' } },
  // argv.name is a string: the declaration above gives it a default.
  toOptions: (argv, common): TemplateOptions => ({ ...common, name: argv.name }),
  run: runTemplate,
  render: (r) => `${r.ok ? 'OK' : 'REFUSED'} ${r.greeting}`,
  exitCode: (r) => (r.ok ? 0 : 1),
});
