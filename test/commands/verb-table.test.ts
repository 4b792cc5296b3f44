// The verb table (scripts/cli.ts) is the one list of what a user types: at most 20 verbs, each run
// by scripts/<verb>.ts and each action by a module in the verb's folder, scripts/<verb>/<action>.ts;
// every such module is reached by exactly one row, and no other module sits at the top of scripts/.
// A test instead of a hand-maintained list.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { verbs } from '../../scripts/cli.ts';
import type { AnyVerb } from '../../scripts/lib/cli/define-verb.ts';

const SCRIPTS = join(import.meta.dirname, '..', '..', 'scripts');
/** The entry point, the demo and the verb template: files at the top that run no verb. */
const NOT_VERBS = new Set(['cli.ts', 'demo.ts', '_template.ts']);

const topFiles = readdirSync(SCRIPTS).filter((f) => f.endsWith('.ts') && !NOT_VERBS.has(f));
const folders = readdirSync(SCRIPTS, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'lib')
  .map((d) => d.name);
const actionFiles = folders.flatMap((dir) =>
  readdirSync(join(SCRIPTS, dir))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `${dir}/${f}`),
);

/** Each module file with the verb objects it exports. */
async function exported(file: string): Promise<AnyVerb[]> {
  const module = (await import(pathToFileURL(join(SCRIPTS, file)).href)) as Record<string, unknown>;
  return Object.values(module).filter(
    (v): v is AnyVerb => typeof v === 'object' && v !== null && 'flags' in v && 'toOptions' in v,
  );
}

describe('the verb table', () => {
  it('has at most 20 verbs, each named once, and at most 20 verb modules at the top of scripts/', () => {
    const names = verbs.map((row) => row.name);
    expect(names.length).toBeLessThanOrEqual(20);
    expect(new Set(names).size).toBe(names.length);
    expect(topFiles.length).toBeLessThanOrEqual(20);
    // A module at the top is a verb's own; a folder holds the actions of the verb it is named after.
    expect(topFiles.map((f) => f.slice(0, -3)).filter((f) => !names.includes(f))).toEqual([]);
    expect(folders.filter((dir) => !names.includes(dir))).toEqual([]);
  });

  it('reaches every verb module exactly once: scripts/<verb>.ts or scripts/<verb>/<action>.ts', async () => {
    const loaded: { row: string; verb: AnyVerb }[] = [];
    for (const row of verbs) {
      if (row.load !== undefined) loaded.push({ row: row.name, verb: await row.load() });
      for (const action of row.actions ?? [])
        loaded.push({ row: `${row.name} ${action.spelling}`, verb: await action.load() });
      expect(row.load !== undefined || (row.actions ?? []).length > 0, row.name).toBe(true);
    }
    for (const file of [...topFiles, ...actionFiles]) {
      const own = await exported(file);
      expect(own, `${file} exports one verb`).toHaveLength(1);
      const rows = loaded.filter((l) => l.verb === own[0]).map((l) => l.row);
      expect(rows, `${file} is run by one row of the table`).toHaveLength(1);
      const [verb, action] = rows[0]!.split(' ');
      // The file sits where its row says: the verb's own module, or in the verb's folder.
      expect(file.startsWith(action === undefined ? `${verb}.ts` : `${verb}/`), file).toBe(true);
    }
    expect(loaded).toHaveLength(topFiles.length + actionFiles.length);
  });

  it('gives every command at least one example for its --help', async () => {
    for (const row of verbs)
      for (const load of [row.load, ...(row.actions ?? []).map((a) => a.load)])
        if (load !== undefined) expect((await load()).examples.length, row.name).toBeGreaterThan(0);
  });
});
