// The size of the command-line surface, counted from the verb rows and the lean parser's
// recorder (no help text is parsed): top-level verbs, command forms (a verb, its sub-action and,
// for a module with an action word, each action), flags per form (an action's own flags when
// the module declares flagsPerAction) and distinct flag names, the
// verb modules importing lib/io, and the next commands core still writes by hand outside the
// next-command table. Run: npx tsx test/bench/surface-count.ts [--json]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { verbTable } from '../../scripts/cli.ts';
import type { AnyVerb } from '../../scripts/lib/cli/define-verb.ts';
import { recordVerb } from '../../scripts/lib/cli/lean-parse.ts';
import { verbs } from '../../scripts/lib/cli/verb-rows.ts';

const SCRIPTS = join(import.meta.dirname, '..', '..', 'scripts');

interface Form {
  form: string;
  flags: number;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : name.endsWith('.ts') ? [path] : [];
  });
}

/** The module's own flags (the common ones excluded) and the actions of its first positional. */
function shapeOf(verb: AnyVerb): { flags: string[]; actions: string[] } {
  const { options, positionals } = recordVerb(verb);
  const first = (verb.command ?? '').split(' ')[1]?.replace(/[<>[\].]/g, '');
  const choices = first === undefined ? undefined : positionals.get(first)?.choices;
  return { flags: [...options.keys()], actions: (choices ?? []).map(String) };
}

/** Lines of core, outside core/next and comments, that spell a `proofgate <verb>` command. */
function handWrittenNext(words: ReadonlySet<string>): { lines: number; files: number } {
  let lines = 0;
  const files = new Set<string>();
  for (const file of sourceFiles(join(SCRIPTS, 'lib', 'core'))) {
    if (file.includes(`${join('core', 'next')}`)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (/^\s*(\/\/|\*|\/\*)/.test(line)) continue;
      const hit = [...line.matchAll(/proofgate ([a-z][a-z-]*)/g)].some((m) => words.has(m[1]!));
      if (!hit) continue;
      lines++;
      files.add(file);
    }
  }
  return { lines, files: files.size };
}

async function main(): Promise<void> {
  const modules = new Map<string, AnyVerb>();
  for (const row of verbTable) modules.set(row.name, await row.load());
  const forms: Form[] = [];
  for (const verb of verbs) {
    const reached: { spelling: string; module: string; as?: readonly string[] }[] = [
      ...(verb.module === undefined ? [] : [{ spelling: '', module: verb.module }]),
      ...(verb.subs ?? []),
    ];
    for (const { spelling, module, as } of reached) {
      const target = modules.get(module)!;
      const shape = shapeOf(target);
      // An action with declared flags takes only those (lean-parse refuses the others).
      const count = (action: string | undefined): number =>
        (action === undefined ? undefined : target.flagsPerAction?.[action])?.length ??
        shape.flags.length;
      // A sub-action spelled as the module's own words (`install --hook` is `hook install`)
      // fixes the action; `authority keys` leaves it to the next word.
      const fixed = as?.[1];
      const actions = fixed === undefined ? shape.actions : [];
      const base = `${verb.name}${spelling === '' ? '' : ` ${spelling}`}`;
      if (actions.length === 0) forms.push({ form: base, flags: count(fixed) });
      for (const action of actions) forms.push({ form: `${base} ${action}`, flags: count(action) });
    }
  }
  const perModule = [...modules.values()].map((v) => shapeOf(v).flags);
  const ioModules = [...modules.keys()].filter((name) =>
    /from '\.\/lib\/io\//.test(readFileSync(join(SCRIPTS, `${name}.ts`), 'utf8')),
  );
  const ioVerbs = verbs.filter((v) =>
    [v.module, ...(v.subs ?? []).map((s) => s.module)].some((m) => ioModules.includes(m ?? '')),
  );
  const words = new Set([...verbs.map((v) => v.name), ...modules.keys()]);
  const figures = {
    topLevelVerbs: verbs.length,
    verbModules: modules.size,
    verbAndSubActionForms: verbs.reduce(
      (n, v) => n + (v.module === undefined ? 0 : 1) + (v.subs ?? []).length,
      0,
    ),
    commandForms: forms.length,
    flagsOverAllForms: forms.reduce((n, f) => n + f.flags, 0),
    mostFlagsInOneForm: Math.max(...forms.map((f) => f.flags)),
    verbSpecificFlags: perModule.reduce((n, f) => n + f.length, 0),
    distinctFlagNames: new Set(perModule.flat()).size,
    modulesImportingIo: ioModules.length,
    topLevelVerbsImportingIo: ioVerbs.length,
    handWrittenNextInCore: handWrittenNext(words),
  };
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ figures, forms }, null, 2)}\n`);
    return;
  }
  for (const [key, value] of Object.entries(figures))
    process.stdout.write(`${key}: ${typeof value === 'object' ? JSON.stringify(value) : value}\n`);
  process.stdout.write('\nflags per form:\n');
  for (const f of forms) process.stdout.write(`  ${f.form}: ${f.flags}\n`);
}

await main();
