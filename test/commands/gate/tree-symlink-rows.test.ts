// The symbolic links of a listed tree, read from `git ls-tree -r -z` bytes without a string per row.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { listTreeSymlinks, symlinkRows } from '../../../scripts/lib/io/git/trees.ts';

const row = (mode: string, type: string, path: string) =>
  `${mode} ${type} ${'a'.repeat(40)}\t${path}\0`;

describe('symlinkRows', () => {
  test('keeps only mode 120000 rows, with paths holding spaces, tabs or the mode itself', () => {
    const out = Buffer.from(
      row('100644', 'blob', '120000 not a link') +
        row('120000', 'blob', 'docs/link to it') +
        row('160000', 'commit', 'vendor/sub') +
        row('100755', 'blob', 'bin/run') +
        row('120000', 'blob', 'tab\there') +
        row('120000', 'blob', 'über/last'),
    );
    expect(symlinkRows(out)).toEqual(['docs/link to it', 'tab\there', 'über/last']);
    expect(symlinkRows(Buffer.alloc(0))).toEqual([]);
    // the last row without its NUL still counts
    expect(symlinkRows(Buffer.from(row('120000', 'blob', 'x').slice(0, -1)))).toEqual(['x']);
  });

  test('agrees with git on a real tree', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-links-'));
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
    git('init', '-q');
    mkdirSync(join(dir, 'a b'));
    writeFileSync(join(dir, 'a b', 'file.txt'), 'x\n');
    symlinkSync('file.txt', join(dir, 'a b', 'inside'));
    symlinkSync('/etc/hostname', join(dir, 'outside'));
    git('add', '-A');
    const tree = git('write-tree').trim();
    expect((await listTreeSymlinks(dir, tree))?.sort()).toEqual(['a b/inside', 'outside']);
  });
});
