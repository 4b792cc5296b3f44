// A lock race's lasting damage, on a real repository: two writers appended one seq with one prev.
// `verify` reports the later line; `verify --repair` copies it verbatim into a note without
// rewriting a byte, after which verify is intact. A line that only repeats a seq (different prev)
// is tampering, not a fork, and no repair acknowledges it.
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { sha256Hex } from '../../scripts/lib/core/hash.ts';
import { buildEntry } from '../../scripts/lib/core/ledger/build-entry.ts';
import { appendEntry } from '../../scripts/lib/io/ledger/ledger-store.ts';
import { runInProcess } from '../helpers/cli.ts';
import { TEST_LEDGER_ID, createLedgerRepo, draft, git } from '../helpers/ledger-repo.ts';
import type { LedgerRepo } from '../helpers/ledger-repo.ts';

let repo: LedgerRepo;
beforeEach(() => void (repo = createLedgerRepo()));
afterEach(() => repo.cleanup());

function segment(): { path: string; name: string; lines: () => string[] } {
  const dir = join(repo.root, '.proofgate', 'evidence', 'ledger');
  const file = git(repo.root, 'ls-files', '--others', '--', dir).trim().split('\n')[0]!;
  const path = join(repo.root, file);
  const name = file
    .split('/')
    .pop()!
    .replace(/\.jsonl$/, '');
  return { path, name, lines: () => readFileSync(path, 'utf8').trimEnd().split('\n') };
}

/** Appends the line a second writer would have written at position `seq` (same tail seen). */
function appendTwin(seq: number, n: number): string {
  const { path, name, lines } = segment();
  const parent = seq === 0 ? null : sha256Hex(lines()[seq - 1]!);
  const heads: Record<string, string> = parent === null ? {} : { [name]: parent };
  const { line } = buildEntry(draft(n), {
    ledger: TEST_LEDGER_ID,
    segment: name,
    seq,
    prev: parent,
    heads,
  });
  appendFileSync(path, `${line}\n`);
  return line;
}

async function append(n: number): Promise<void> {
  const plane = repo.plane();
  await appendEntry(plane, draft(n), { manifest: plane.manifest });
}

test('a forked position is reported, then recorded verbatim in a note and accepted', async () => {
  await append(0);
  await append(1);
  const twin = appendTwin(1, 7);
  await append(2);
  const before = readFileSync(segment().path);
  const broken = await runInProcess(['verify', '--json', '--root', repo.root]);
  expect(broken.code).toBe(3);
  const findings = (JSON.parse(broken.stdout) as { findings: { line: number; code: string }[] })
    .findings;
  expect(findings.map((f) => `${f.line} ${f.code}`)).toEqual(['3 SEQ_MISMATCH', '3 PREV_MISMATCH']);

  const repaired = await runInProcess(['verify', '--repair', '--root', repo.root]);
  expect(repaired.stdout.split('\n')[0]).toMatch(/^INTACT ledger: 5 lines/);
  expect(repaired.stdout).toMatch(/recorded fork .*jsonl:3: a second line with seq 1/);
  expect(repaired.code).toBe(0);
  const after = readFileSync(segment().path);
  expect(after.subarray(0, before.length).equals(before)).toBe(true);
  const note = JSON.parse(segment().lines()[4]!) as { kind: string; body: Record<string, unknown> };
  expect(note).toMatchObject({
    kind: 'note',
    body: {
      repair: 'duplicate-position',
      line: 3,
      seq: 1,
      line_sha256: sha256Hex(twin),
      line_text: twin,
    },
  });
  // Idempotent: a second repair records nothing new.
  const again = await runInProcess(['verify', '--repair', '--root', repo.root]);
  expect(again.stdout).not.toMatch(/recorded fork/);
  expect(segment().lines()).toHaveLength(5);
});

test('a repeated seq with another prev is tampering: --repair records nothing, exit 3', async () => {
  await append(0);
  await append(1);
  await append(2);
  appendTwin(1, 9); // seq 1 again, but after line 3: its prev is line 1's hash, not line 3's twin
  const result = await runInProcess(['verify', '--repair', '--root', repo.root]);
  expect(result.code).toBe(3);
  expect(result.stdout).not.toMatch(/recorded fork/);
  expect(segment().lines()).toHaveLength(4);
});

test('a note naming another hash does not acknowledge the fork', async () => {
  await append(0);
  await append(1);
  appendTwin(1, 7);
  const plane = repo.plane();
  await appendEntry(
    plane,
    draft(3, {
      kind: 'note',
      body: {
        repair: 'duplicate-position',
        file: `.proofgate/evidence/ledger/${segment().name}.jsonl`,
        line: 3,
        seq: 1,
        line_sha256: 'f'.repeat(64),
      },
    }),
    { manifest: plane.manifest },
  );
  const result = await runInProcess(['verify', '--root', repo.root]);
  expect(result.code).toBe(3);
  expect(result.stdout).toMatch(/jsonl:3: (PREV|SEQ)_MISMATCH/);
});
