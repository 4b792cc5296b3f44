// Template for a new verb: copy to scripts/<verb>.ts, add a row to the table in scripts/cli.ts,
// write references/<verb>.md, and keep the logic in scripts/lib/core/ (this file stays <= 120 lines).
// By the verb recipe (ARCHITECTURE.md): the result type goes beside the verb's flow, the renderer
// into scripts/lib/render/, and any real-I/O wiring of `run` into scripts/lib/cli/run/<verb>.ts;
// the verb never imports lib/io or lib/flows/world.
import type { Context } from './lib/core/context.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
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

export const template = defineVerb<TemplateOptions, TemplateResult>({
  name: '_template',
  describe: 'Template verb (not registered)',
  examples: [['proofgate _template --name you', 'greets you']],
  builder: (y) => y.option('name', { type: 'string', default: 'world', describe: 'Who to greet' }),
  toOptions: (argv, common) => ({ ...common, name: String(argv['name']) }),
  run: runTemplate,
  render: (r) => `${r.ok ? 'OK' : 'REFUSED'} ${r.greeting}`,
  exitCode: (r) => (r.ok ? 0 : 1),
});

runIfMain(import.meta.url, template);
