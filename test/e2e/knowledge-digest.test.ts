import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { blobId } from '../../scripts/lib/io/plane/knowledge-store.ts';

it('the fact digest is the git blob id (git hash-object --no-filters)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pg-blob-'));
  const bytes = Buffer.from('line one\r\nline two\n\u00e9\0binary', 'utf8');
  writeFileSync(join(dir, 'f'), bytes);
  const git = execFileSync('git', ['hash-object', '--no-filters', 'f'], { cwd: dir }).toString();
  expect(blobId(bytes)).toBe(git.trim());
});
