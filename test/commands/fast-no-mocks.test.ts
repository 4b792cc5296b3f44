// The fast project shares one module graph per worker (vitest.config.ts, isolate: false): a file
// there that replaced a module with vi.mock would carry the replacement into the files after it,
// or find the real module already loaded and pass without counting what it meant to count.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const TEST = fileURLToPath(new URL('..', import.meta.url));

test('no file of the fast project replaces a module', () => {
  const mocking = ['core', 'commands', 'property']
    .flatMap((dir) =>
      readdirSync(join(TEST, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts'))
        .map((file) => join(dir, file)),
    )
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(TEST, file), 'utf8')));
  expect(mocking).toEqual([]);
});
