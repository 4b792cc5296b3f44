// The facts behind the printed invocation, read from a real directory tree and PATH.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { invocationFacts } from '../../scripts/lib/io/host/invocation.ts';
import { packagePath } from '../../scripts/lib/io/host/package-root.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pg-invocation-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function binDir(name: string, target?: string): string {
  const path = join(dir, name);
  mkdirSync(path, { recursive: true });
  if (target === undefined) writeFileSync(join(path, 'proofgate'), '#!/bin/sh\n');
  else symlinkSync(target, join(path, 'proofgate'));
  return path;
}

test('a project with node_modules/.bin/proofgate, from its root or a directory below', () => {
  const project = join(dir, 'project');
  mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true });
  writeFileSync(join(project, 'node_modules', '.bin', 'proofgate'), '');
  mkdirSync(join(project, 'src', 'deep'), { recursive: true });
  expect(invocationFacts({ PATH: '' }, project).localBin).toBe(true);
  expect(invocationFacts({ PATH: '' }, join(project, 'src', 'deep')).localBin).toBe(true);
  expect(invocationFacts({ PATH: '' }, dir).localBin).toBe(false);
});

test('PATH counts only when its first proofgate is this copy', () => {
  const own = binDir('own', packagePath('bin', 'proofgate.js'));
  const other = binDir('other');
  expect(invocationFacts({ PATH: own }, dir).onPath).toBe(true);
  expect(invocationFacts({ PATH: `${join(dir, 'empty')}:${own}` }, dir).onPath).toBe(true);
  expect(invocationFacts({ PATH: `${other}:${own}` }, dir).onPath).toBe(false);
  expect(invocationFacts({ PATH: other }, dir).onPath).toBe(false);
  expect(invocationFacts({}, dir)).toEqual({
    localBin: false,
    onPath: false,
    bin: packagePath('bin', 'proofgate.js'),
  });
});
