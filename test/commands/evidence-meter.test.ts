// The evidence budget's meter over one run: it reads the whole ledger once, then only what was
// appended, and every count equals what a fresh meter (a whole read) counts at that moment:
// an archived object referenced again, a new segment, a half-written line, an archive seal, a
// segment that shrank.
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from '../../scripts/lib/core/hash.ts';
import { openEvidenceMeter } from '../../scripts/lib/io/ledger/evidence-bytes.ts';
import { readLedger } from '../../scripts/lib/io/ledger/ledger-store.ts';
import { MemoryLedger, sealDraft } from '../helpers/memory-ledger.ts';
import { draft } from '../helpers/ledger-repo.ts';

/** The whole-ledger read, counted. */
const wholeReads = vi.fn(readLedger);

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

const MAIN = 'c1-main';
const CONTENT = { a: 'a'.repeat(1000), b: 'b'.repeat(3000), manifest: 'm'.repeat(50) };
const [A, B, MANIFEST] = [CONTENT.a, CONTENT.b, CONTENT.manifest].map(sha256Hex) as [
  string,
  string,
  string,
];

/** A plane whose ledger holds a run (objects A and B) closed by an archive seal. */
function sealedPlane() {
  const root = mkdtempSync(join(tmpdir(), 'pg-meter-'));
  roots.push(root);
  const plane = { root, dir: join(root, '.proofgate'), rel: '.proofgate' };
  for (const text of Object.values(CONTENT)) {
    const digest = sha256Hex(text);
    const path = join(plane.dir, 'evidence', 'objects', 'sha256', digest.slice(0, 2), digest);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  const ledger = new MemoryLedger();
  const segment = (name: string) => join(plane.dir, 'evidence', 'ledger', `${name}.jsonl`);
  mkdirSync(dirname(segment(MAIN)), { recursive: true });
  const append = (name: string, line: string) => appendFileSync(segment(name), `${line}\n`);
  append(MAIN, ledger.append(MAIN, draft(1, { objects: [A, B] })));
  append(MAIN, ledger.append(MAIN, sealDraft(ledger, 2, MANIFEST)));
  return { plane, ledger, segment, append };
}

describe('openEvidenceMeter', () => {
  it('reads the whole ledger once, then counts what a whole read counts', async () => {
    const { plane, ledger, segment, append } = sealedPlane();
    const meter = openEvidenceMeter(plane, wholeReads);
    const fresh = () => openEvidenceMeter(plane, wholeReads).bytes();
    wholeReads.mockClear();
    const first = await meter.bytes();
    expect(first).toBe(await fresh());
    // A run line referencing the archived object A again: A counts again, and so does the line.
    const line = ledger.append(MAIN, draft(3, { objects: [A] }));
    append(MAIN, line);
    // A new segment, and a line a writer is still writing (no newline yet).
    append('c1-feature', ledger.append('c1-feature', draft(4)));
    appendFileSync(segment(MAIN), '{"half":');
    wholeReads.mockClear();
    const second = await meter.bytes();
    expect(wholeReads).not.toHaveBeenCalled();
    expect(second).toBe(await fresh());
    expect(second).toBeGreaterThanOrEqual(first + Buffer.byteLength(line) + 1 + CONTENT.a.length);
    // Counting at once (--jobs) still reads only what was appended.
    wholeReads.mockClear();
    await Promise.all([meter.bytes(), meter.bytes(), meter.bytes()]);
    expect(wholeReads).not.toHaveBeenCalled();
  });

  it('reads the whole ledger again after an archive seal or a segment that shrank', async () => {
    const { plane, ledger, segment, append } = sealedPlane();
    const meter = openEvidenceMeter(plane, wholeReads);
    const fresh = () => openEvidenceMeter(plane, wholeReads).bytes();
    await meter.bytes();
    append(MAIN, ledger.append(MAIN, draft(3, { objects: [B] })));
    append(MAIN, ledger.append(MAIN, sealDraft(ledger, 4, MANIFEST)));
    wholeReads.mockClear();
    expect(await meter.bytes()).toBe(await fresh());
    expect(wholeReads).toHaveBeenCalledTimes(2);
    truncateSync(segment(MAIN), 10);
    wholeReads.mockClear();
    expect(await meter.bytes()).toBe(await fresh());
    expect(wholeReads).toHaveBeenCalledTimes(2);
  });
});
