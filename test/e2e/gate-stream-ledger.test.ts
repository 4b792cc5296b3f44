// The gate reads the ledger through the streaming verifier: it must keep exactly the entries and
// reach the same verdict on the ledger as the in-memory reader, on a clean ledger and on tampered
// ones (an edited body, a bad signature, a missing evidence object, a torn last line).
import {
  appendFileSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  readVerifiedLedger,
  streamVerifiedEntries,
} from '../../scripts/lib/io/ledger/read-verified-ledger.ts';
import { appendEntry } from '../../scripts/lib/io/ledger/ledger-store.ts';
import { createObjectStore, objectsDir } from '../../scripts/lib/io/ledger/objects.ts';
import { SEGMENTS, createRepo, ledgerDirOf } from '../bench/ledger-workload.ts';
import type { BenchRepo } from '../bench/ledger-workload.ts';
import { draft } from '../helpers/ledger-repo.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pg-gate-stream-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let made = 0;
function repo(signed: boolean): BenchRepo {
  return createRepo(40, signed, join(dir, `r${made++}`));
}

function editLine(r: BenchRepo, segment: string, index: number, edit: (l: string) => string): void {
  const path = join(ledgerDirOf(r.root), `${segment}.jsonl`);
  const lines = readFileSync(path, 'utf8').split('\n');
  lines[index] = edit(lines[index]!);
  writeFileSync(path, lines.join('\n'));
}

async function both(r: BenchRepo) {
  const memory = await readVerifiedLedger(r.plane, 'presence');
  const stream = await streamVerifiedEntries(r.plane);
  return { memory: { entries: memory.parsed.entries, findings: memory.findings }, stream };
}

describe('the gate streams the ledger', () => {
  test('a clean signed ledger: the same entries in the same order, no findings', async () => {
    const { memory, stream } = await both(repo(true));
    expect(stream.findings).toEqual([]);
    expect(stream.entries).toHaveLength(40);
    expect(stream.entries).toEqual(memory.entries);
  }, 60_000);

  test('strings pooled past the bounded table of names: still the same entries', async () => {
    // 5,000 distinct control ids fill the table of names; heads move on every line.
    const { memory, stream } = await both(createRepo(5000, false, join(dir, `r${made++}`)));
    expect(stream.findings).toEqual([]);
    expect(stream.entries).toHaveLength(5000);
    expect(stream.entries).toEqual(memory.entries);
  }, 60_000);

  test('an edited body is found at the edited line', async () => {
    const r = repo(false);
    editLine(r, SEGMENTS[1]!, 3, (l) => l.replace('"verdict":"PASS"', '"verdict":"FAIL"'));
    const { memory, stream } = await both(r);
    expect(stream.findings.length).toBeGreaterThan(0);
    // The stream also proves the ledger committed at HEAD (the edit is a finding there too).
    expect(stream.findings).toContainEqual(memory.findings[0]);
  }, 60_000);

  test('a bad signature is found at its line', async () => {
    const r = repo(true);
    editLine(r, SEGMENTS[2]!, 5, (l) => {
      const at = l.indexOf('"sig":"') + 12;
      return l.slice(0, at) + (l.charAt(at) === 'A' ? 'B' : 'A') + l.slice(at + 1);
    });
    const { stream } = await both(r);
    expect(stream.findings.map((f) => `${f.line} ${f.code}`)).toContain('6 SIGNATURE_INVALID');
  }, 60_000);

  test('a missing evidence object and a torn last line are findings', async () => {
    const r = repo(false);
    const digest = await createObjectStore(r.plane).put(new TextEncoder().encode('evidence'));
    await appendEntry(r.plane, draft(99, { objects: [digest] }), { manifest: r.plane.manifest });
    const path = join(objectsDir(r.plane), digest.slice(0, 2), digest);
    expect(readdirSync(dirname(path))).toContain(digest);
    rmSync(path, { force: true });
    const missing = await streamVerifiedEntries(r.plane);
    expect(missing.findings.map((f) => f.code)).toContain('OBJECT_MISSING');
    appendFileSync(join(ledgerDirOf(r.root), `${SEGMENTS[0]}.jsonl`), '{"v":1');
    const torn = await streamVerifiedEntries(r.plane);
    expect(torn.findings.map((f) => f.code)).toContain('TORN_LINE');
  }, 60_000);
});
