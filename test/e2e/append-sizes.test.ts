// Hostile segment sizes on a real repository: the append path answers from segment tails only,
// so a 1,000,000-line segment of `{}` or a 64 MiB line or torn tail is refused (exit 3) or
// appended beside at once, with a message that says what is wrong, never exit 4.
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { appendEntry } from '../../scripts/lib/io/ledger/ledger-store.ts';
import { runInProcess } from '../helpers/cli.ts';
import { createLedgerRepo, draft } from '../helpers/ledger-repo.ts';
import type { LedgerRepo } from '../helpers/ledger-repo.ts';

let repo: LedgerRepo;
beforeEach(() => void (repo = createLedgerRepo()));
afterEach(() => repo.cleanup());

const MIB = 1024 * 1024;

async function ownSegment(): Promise<string> {
  const stored = await appendEntry(repo.plane(), draft(0));
  return join(repo.root, stored.file);
}

/** A sparse file: `bytes` zero bytes, then `end`. */
function writeSparse(path: string, bytes: number, end: string): void {
  const fd = openSync(path, 'w');
  writeSync(fd, Buffer.from(end), 0, end.length, bytes);
  closeSync(fd);
}

test('own segment of 1,000,000 `{}` lines: refused with CHAIN_BROKEN (exit 3)', async () => {
  const path = await ownSegment();
  writeFileSync(path, '{}\n'.repeat(1_000_000));
  await expect(appendEntry(repo.plane(), draft(1))).rejects.toMatchObject({
    code: 'CHAIN_BROKEN',
    exitCode: 3,
  });
});

test("another writer's 1,000,000 `{}` lines do not stop this writer", async () => {
  await ownSegment();
  const other = join(repo.root, '.proofgate', 'evidence', 'ledger', '0000ffff-other.jsonl');
  writeFileSync(other, '{}\n'.repeat(1_000_000));
  expect((await appendEntry(repo.plane(), draft(1))).line).toBe(2);
});

test('a 64 MiB last line: refused as longer than any entry, without reading it', async () => {
  const path = await ownSegment();
  writeSparse(path, 64 * MIB, '\n');
  await expect(appendEntry(repo.plane(), draft(1))).rejects.toMatchObject({
    code: 'CHAIN_BROKEN',
    exitCode: 3,
    message: expect.stringMatching(/longer than 1048576 bytes/),
  });
});

test('a 64 MiB torn tail: refused as torn, without measuring it', async () => {
  const path = await ownSegment();
  writeSparse(path, 64 * MIB, 'x');
  await expect(appendEntry(repo.plane(), draft(1))).rejects.toMatchObject({
    code: 'TORN_LINE',
    exitCode: 3,
    message: expect.stringMatching(/unterminated line of more than 1 MiB/),
  });
});

test('verify --repair-torn removes a torn tail longer than any line, and records its size', async () => {
  const path = await ownSegment();
  const entry = readFileSync(path, 'utf8');
  const fd = openSync(path, 'a');
  writeSync(fd, Buffer.alloc(4 * MIB, 0x7a));
  closeSync(fd);
  const fixed = await runInProcess(['verify', '--repair-torn', '--root', repo.root]);
  expect(fixed.stdout).toMatch(new RegExp(`removed ${4 * MIB} torn bytes`));
  expect(fixed.code).toBe(0);
  expect(readFileSync(path, 'utf8').startsWith(entry)).toBe(true);
});
