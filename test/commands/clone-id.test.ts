// The clone id is bound to where it was created: the same common dir keeps it, a file of an
// older version (id only) is adopted in place, a copied directory gets a fresh one, and a
// corrupt file is a config error naming the file.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { readCloneId } from '../../scripts/lib/io/repo/clone-id.ts';

const base = mkdtempSync(join(tmpdir(), 'pg-clone-id-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function commonDir(name: string): string {
  const dir = join(base, name, '.git');
  mkdirSync(dir, { recursive: true });
  return dir;
}

test('stable in place, adopted from an id-only file, renewed in a copy', () => {
  const dir = commonDir('a');
  mkdirSync(join(dir, 'proofgate'));
  writeFileSync(join(dir, 'proofgate', 'clone-id'), 'abcd1234\n');
  expect(readCloneId(dir)).toBe('abcd1234');
  expect(readFileSync(join(dir, 'proofgate', 'clone-id'), 'utf8')).toMatch(
    /^abcd1234\nino:\d+ \/.*\/a\/\.git\n$/,
  );
  expect(readCloneId(dir)).toBe('abcd1234');
  execFileSync('cp', ['-a', join(base, 'a'), join(base, 'b')]);
  const copied = readCloneId(join(base, 'b', '.git'));
  expect(copied).toMatch(/^[0-9a-f]{8}$/);
  expect(copied).not.toBe('abcd1234');
  expect(readCloneId(dir)).toBe('abcd1234');
});

test('a corrupt clone id is exit 2 naming the file', () => {
  const dir = commonDir('c');
  mkdirSync(join(dir, 'proofgate'));
  writeFileSync(join(dir, 'proofgate', 'clone-id'), 'not-hex\n');
  expect(() => readCloneId(dir)).toThrow(expect.objectContaining({ exitCode: 2 }));
});
