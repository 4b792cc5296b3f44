// The fast and e2e projects share one module graph per worker (vitest.config.ts, isolate: false):
// a file there that replaced a module with vi.mock would carry the replacement into the files
// after it, or find the real module already loaded and pass without counting what it meant to
// count. Such a file belongs to the e2e-mocking project, which keeps a graph per file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { MOCKING } from '../../vitest.config.ts';

const TEST = fileURLToPath(new URL('..', import.meta.url));

const mocking = (dirs: readonly string[]): string[] =>
  dirs
    .flatMap((dir) =>
      readdirSync(join(TEST, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts'))
        .map((file) => `test/${join(dir, file)}`),
    )
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(TEST, '..', file), 'utf8')));

test('no file of the fast project replaces a module', () => {
  expect(mocking(['core', 'commands', 'property'])).toEqual([]);
});

test('the e2e files that replace a module are exactly those kept apart', () => {
  expect(mocking(['e2e', 'golden']).sort()).toEqual([...MOCKING].sort());
});
