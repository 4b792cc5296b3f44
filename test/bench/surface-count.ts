// The size of the command-line surface, counted from the verb table (scripts/cli.ts) and each
// command's declarations (no help text is parsed): top-level verbs, command forms (a verb, its
// actions and, for a module with an action word, each action word), flags per form (an action
// word's own flags when the module declares flagsPerAction) and distinct flag names, the verb
// modules importing lib/io, and the next commands core still writes by hand outside the
// next-command table. Run: npx tsx test/bench/surface-count.ts [--json]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { verbs } from '../../scripts/cli.ts';
import type { AnyVerb } from '../../scripts/lib/cli/define-verb.ts';

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

/** The forms of one command: itself, or each word of its action positional. */
function formsOf(spelling: string, verb: AnyVerb): Form[] {
  const own = Object.keys(verb.flags).length;
  const actions = verb.positionals?.['action']?.choices ?? [];
  if (actions.length === 0) return [{ form: spelling, flags: own }];
  return actions.map((action) => ({
    form: `${spelling} ${action}`,
    flags: verb.flagsPerAction?.[action]?.length ?? own,
  }));
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
  const commands: { spelling: string; file: string; verb: AnyVerb }[] = [];
  for (const row of verbs) {
    if (row.load !== undefined)
      commands.push({ spelling: row.name, file: `${row.name}.ts`, verb: await row.load() });
    for (const action of row.actions ?? []) {
      const spelling = `${row.name} ${action.spelling}`;
      const folder = join(SCRIPTS, row.name);
      // The action's module is the one file of the verb's folder that exports this verb object.
      let file = '';
      const verb = await action.load();
      for (const name of readdirSync(folder)) {
        const module = (await import(join(folder, name))) as Record<string, unknown>;
        if (Object.values(module).includes(verb)) file = `${row.name}/${name}`;
      }
      commands.push({ spelling, file, verb });
    }
  }
  const forms = commands.flatMap((c) => formsOf(c.spelling, c.verb));
  const perModule = commands.map((c) => Object.keys(c.verb.flags));
  const ioModules = commands.filter((c) =>
    /from '(\.\.?\/)+lib\/io\//.test(readFileSync(join(SCRIPTS, c.file), 'utf8')),
  );
  const ioVerbs = new Set(ioModules.map((c) => c.spelling.split(' ')[0]));
  const words = new Set(verbs.map((v) => v.name));
  const figures = {
    topLevelVerbs: verbs.length,
    verbModules: commands.length,
    verbAndSubActionForms: commands.length,
    commandForms: forms.length,
    flagsOverAllForms: forms.reduce((n, f) => n + f.flags, 0),
    mostFlagsInOneForm: Math.max(...forms.map((f) => f.flags)),
    verbSpecificFlags: perModule.reduce((n, f) => n + f.length, 0),
    distinctFlagNames: new Set(perModule.flat()).size,
    modulesImportingIo: ioModules.length,
    topLevelVerbsImportingIo: ioVerbs.size,
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
