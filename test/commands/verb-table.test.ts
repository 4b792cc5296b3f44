// Every scripts/<verb>.ts is registered in the verb table, under its own name, with the same
// description its module declares (a test instead of a hand-maintained list).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verbTable } from '../../scripts/cli.ts';

const scriptsDir = join(import.meta.dirname, '..', '..', 'scripts');
const NOT_VERBS = new Set(['cli.ts', 'demo.ts']);
const verbFiles = readdirSync(scriptsDir)
  .filter((f) => f.endsWith('.ts') && !NOT_VERBS.has(f) && !f.startsWith('_'))
  .map((f) => f.replace(/\.ts$/, ''));

describe('verb table', () => {
  it('lists every verb file exactly once', () => {
    const names = verbTable.map((row) => row.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...verbFiles].sort());
  });

  it.each(verbTable.map((row) => [row.name, row] as const))(
    '%s loads the module it names',
    async (name, row) => {
      const verb = await row.load();
      expect(verb.name).toBe(name);
      expect(verb.describe).toBe(row.describe);
      expect(verb.examples.length).toBeGreaterThan(0);
    },
  );
});
