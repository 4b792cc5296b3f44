// scan tells which candidates would run alone once adopted (builds, heavy test suites), in its
// human output and in --json, with the same marking `adopt --list` shows.
import { describe, expect, test } from 'vitest';
import { makeGateRepo, nodeArgv } from '../helpers/gate-repo.ts';

const PACKAGE = JSON.stringify({
  name: 'fixture',
  scripts: { build: 'tsc -p .', test: 'node --test', 'test:e2e': 'node --test e2e' },
});

interface Listed {
  id: string;
  exclusive?: boolean;
}

describe('exclusive marking of candidates', () => {
  test('scan --json and adopt --list --json mark the same candidates; human output shows it', async () => {
    const repo = makeGateRepo(
      [{ id: 'OK', execution: `{ type: command, argv: ${nodeArgv('process.exit(0)')} }` }],
      { files: { 'package.json': PACKAGE } },
    );
    const scanned = await repo.run(['scan', '--json']);
    expect(scanned.code).toBe(0);
    const candidates = JSON.parse(scanned.out).candidates as Listed[];
    const marked = (list: Listed[]) =>
      Object.fromEntries(list.map((c) => [c.id, c.exclusive === true]));
    expect(marked(candidates)).toMatchObject({
      'npm:build': true,
      'npm:test': false,
      'npm:test:e2e': true,
    });
    // Only `true` is ever written: a shared command carries no field at all.
    expect(candidates.find((c) => c.id === 'npm:test')).not.toHaveProperty('exclusive');

    const listed = await repo.run(['adopt', '--list', '--json']);
    expect(listed.code).toBe(0);
    expect(marked(JSON.parse(listed.out).candidates as Listed[])).toEqual(marked(candidates));

    const human = await repo.run(['scan']);
    expect(human.out).toMatch(/npm:build .*\[runs alone when adopted\]/);
    expect(human.out).not.toMatch(/npm:test {2}.*\[runs alone when adopted\]/);
    const adoptHuman = await repo.run(['adopt', '--list']);
    expect(adoptHuman.out).toMatch(/npm:build .*\[runs alone when adopted\]/);
  });
});
