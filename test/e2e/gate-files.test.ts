import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { readFileInRoot, statPath } from '../../scripts/lib/io/repo/gate-files.ts';

const root = mkdtempSync(join(tmpdir(), 'pg-files-'));
const outside = mkdtempSync(join(tmpdir(), 'pg-files-out-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('gate files', () => {
  test('statPath confines every path to the root', async () => {
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'docs', 'a.md'), 'a');
    writeFileSync(join(outside, 'secret'), 's');
    symlinkSync(join(outside, 'secret'), join(root, 'link-out'));
    symlinkSync(join(root, 'missing'), join(root, 'dangling'));
    expect(await statPath(root, 'docs/a.md')).toBe('file');
    expect(await statPath(root, 'docs')).toBe('directory');
    expect(await statPath(root, 'nope')).toBe('absent');
    expect(await statPath(root, 'dangling')).toBe('absent');
    expect(await statPath(root, '../x')).toBe('outside');
    expect(await statPath(root, 'link-out')).toBe('outside');
  });

  test('readFileInRoot reads files inside and refuses the rest with exit 2', async () => {
    expect(new TextDecoder().decode(await readFileInRoot(root, 'docs/a.md'))).toBe('a');
    await expect(readFileInRoot(root, 'link-out')).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/outside/),
    });
    await expect(readFileInRoot(root, 'docs')).rejects.toMatchObject({ exitCode: 2 });
    await expect(readFileInRoot(root, 'nope')).rejects.toMatchObject({ exitCode: 2 });
  });
});
