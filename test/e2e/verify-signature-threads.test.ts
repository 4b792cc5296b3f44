// Signature checks spread over worker threads give the same findings as the single-thread path:
// bad signatures at known lines (first batch, middle, the very last line) are found either way,
// and the threads report failures in the order the checks were submitted.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { publicKeyFromRaw } from '../../scripts/lib/core/ledger/sign-entry.ts';
import type { SignatureJob } from '../../scripts/lib/core/ledger/verify-signatures.ts';
import type { LedgerFinding } from '../../scripts/lib/core/ledger/types.ts';
import { generateKey } from '../../scripts/lib/io/keys/keys.ts';
import { createSignatureThreads } from '../../scripts/lib/io/keys/signature-threads.ts';
import { verifyLedgerFiles } from '../../scripts/lib/io/ledger/verify-ledger-files.ts';
import type { SignatureCheckOptions } from '../../scripts/lib/io/keys/signature-checks.ts';
import { SEGMENTS, createRepo, ledgerDirOf } from '../bench/ledger-workload.ts';
import type { BenchRepo } from '../bench/ledger-workload.ts';

const ENTRIES = 600;
let dir: string;
let repo: BenchRepo;
/** Tampered lines: segment and 0-based line index. */
const TAMPERED: [string, number][] = [
  [SEGMENTS[0]!, 2],
  [SEGMENTS[1]!, 70],
  [SEGMENTS[3]!, ENTRIES / 4 - 1],
];

/** Changes one base64 character of the first signature; the line stays valid canonical JSON. */
function flipSignature(line: string): string {
  const entry = JSON.parse(line) as { sigs: { sig: string }[] };
  const sig = entry.sigs[0]!.sig;
  const swapped = sig.charAt(10) === 'A' ? 'B' : 'A';
  const flipped = sig.slice(0, 10) + swapped + sig.slice(11);
  return line.replace(sig, flipped);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pg-sigthreads-'));
  repo = createRepo(ENTRIES, true, join(dir, 'repo'));
  for (const [segment, index] of TAMPERED) {
    const path = join(ledgerDirOf(repo.root), `${segment}.jsonl`);
    const lines = readFileSync(path, 'utf8').split('\n');
    lines[index] = flipSignature(lines[index]!);
    writeFileSync(path, lines.join('\n'));
  }
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function findings(signatures: SignatureCheckOptions): Promise<LedgerFinding[]> {
  const result = await verifyLedgerFiles(repo.plane, { signatures });
  return result.findings;
}

describe('verify --full with signature checks on worker threads', () => {
  test('finds each bad signature at its line, the same with and without threads', async () => {
    const single = await findings({ threads: 0 });
    const invalid = single
      .filter((f) => f.code === 'SIGNATURE_INVALID')
      .map((f) => `${f.file}:${f.line}`);
    expect(invalid.sort()).toEqual(
      TAMPERED.map(([s, i]) => `.proofgate/evidence/ledger/${s}.jsonl:${i + 1}`).sort(),
    );
    expect(await findings({ threads: 2, threshold: 0 })).toEqual(single);
    expect(await findings({ threads: 1, threshold: 0 })).toEqual(single);
    // Switching to threads part way through (after the first batches ran on libuv's pool).
    expect(await findings({ threads: 2, threshold: 200 })).toEqual(single);
  }, 60_000);

  test('an untampered ledger verifies clean through the threads', async () => {
    const clean = createRepo(300, true, join(dir, 'clean'));
    const result = await verifyLedgerFiles(clean.plane, {
      signatures: { threads: 2, threshold: 0 },
    });
    expect(result.findings).toEqual([]);
    expect(result.counts.signed).toBe(300);
  }, 60_000);
});

describe('createSignatureThreads', () => {
  const key = generateKey();
  const job = (n: number, bad: 'ok' | 'flipped' | 'short'): SignatureJob => {
    const message = Buffer.from(`signed message ${n}`);
    const signature = Buffer.from(key.signer.sign(message));
    if (bad === 'flipped') signature[5] = signature[5]! ^ 1;
    return {
      signed: { head: '', body: message, cutAt: message.length, cutEnd: message.length },
      sig: (bad === 'short' ? signature.subarray(0, 10) : signature).toString('base64'),
      key: publicKeyFromRaw(key.publicKeyBase64),
      by: { authority: 'virtual:quality', keyid: 'k'.repeat(64), publicKey: key.publicKeyBase64 },
      file: 'f',
      line: n,
      detail: 0,
    };
  };

  test('reports exactly the failing checks, in submission order, across workers', async () => {
    const rejected: number[] = [];
    const threads = createSignatureThreads(2, (j) => rejected.push(j.line));
    const bad = new Map<number, 'flipped' | 'short'>([
      [3, 'flipped'],
      [40, 'short'],
      [41, 'flipped'],
      [99, 'flipped'],
    ]);
    const jobs = Array.from({ length: 100 }, (_, n) => job(n, bad.get(n) ?? 'ok'));
    for (let i = 0; i < jobs.length; i += 7) threads.submit(jobs.slice(i, i + 7));
    await threads.close();
    expect(rejected).toEqual([3, 40, 41, 99]);
  }, 30_000);
});
