// Every top-level verb (`proofgate --help`, the verb table in scripts/cli.ts) has golden transcripts: a directory
// test/golden/<verb>/ with at least one `.md`. A verb added without one fails here, and so does an
// allow-list entry that names no verb or a verb that has goldens by now, so the list only shrinks.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { verbs as verbRows } from '../../scripts/cli.ts';

const GOLDEN = import.meta.dirname;

/** Verbs without goldens yet, each with why (none today: keep it that way). */
const NOT_YET: Record<string, string> = {};

function hasGoldens(verb: string): boolean {
  const dir = join(GOLDEN, verb);
  return existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.md'));
}

test('every verb in the CLI table has a golden directory', () => {
  const missing = verbRows.map((v) => v.name).filter((v) => !hasGoldens(v) && !(v in NOT_YET));
  expect(missing, 'add test/golden/<verb>/<case>.md transcripts (see test/helpers/golden.ts)').toEqual([]);
});

test('the allow-list names only verbs of the table that still lack goldens', () => {
  const verbs = new Set(verbRows.map((v) => v.name));
  const stale = Object.keys(NOT_YET).filter((v) => !verbs.has(v) || hasGoldens(v));
  expect(stale, 'remove these from NOT_YET').toEqual([]);
});
