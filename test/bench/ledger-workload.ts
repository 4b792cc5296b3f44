// Synthetic ledgers for the ledger benchmarks: committed repositories whose ledger holds N entries
// over four segments (optionally signed), and hostile segments (many `{}` lines, one huge segment).
// Run directly to keep a repository for profiling:
//   npx tsx test/bench/ledger-workload.ts <dir> <entries> [signed] [appended]
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../../scripts/lib/core/hash.ts';
import { buildEntry } from '../../scripts/lib/core/ledger/build-entry.ts';
import type { Signer } from '../../scripts/lib/core/ledger/types.ts';
import { generateKey } from '../../scripts/lib/io/keys/keys.ts';
import { appendEntry } from '../../scripts/lib/io/ledger/ledger-store.ts';
import { loadPlane } from '../../scripts/lib/io/plane/plane.ts';
import type { Plane } from '../../scripts/lib/core/plane/plane.ts';
import { MINIMAL_MANIFEST, TEST_LEDGER_ID, draft } from '../helpers/ledger-repo.ts';
import { git, syntheticRepo } from './plane-repo.ts';

export const SEGMENTS = [
  '0000aaaa-main',
  '0000bbbb-feature-a',
  '0000cccc-feature-b',
  '0000dddd-ci',
];

export interface BenchRepo {
  root: string;
  plane: Plane;
}

function manifestWith(key: { keyid: string; publicKey: string } | undefined): string {
  if (key === undefined) return MINIMAL_MANIFEST;
  const keys = `    keys:\n      - keyid: ${key.keyid}\n        public_key: ${key.publicKey}\n        added: 2026-01-01T00:00:00.000Z\n`;
  return MINIMAL_MANIFEST.replace('    stages: [cross]\n', `    stages: [cross]\n${keys}`);
}

export const ledgerDirOf = (root: string): string => join(root, '.proofgate', 'evidence', 'ledger');

/** A git repository with a plane and an empty ledger directory (nothing committed yet). */
export function createEmptyRepo(dir?: string, key?: { signer: Signer; publicKey: string }): string {
  const root = dir ?? syntheticRepo('pg-bench-', 0, true);
  if (dir !== undefined) {
    mkdirSync(root, { recursive: true });
    git(root, 'init', '-q', '-b', 'main');
  }
  mkdirSync(join(root, '.proofgate', 'controls'), { recursive: true });
  const registered =
    key === undefined ? undefined : { keyid: key.signer.keyid, publicKey: key.publicKey };
  writeFileSync(join(root, '.proofgate', 'controls', 'manifest.yaml'), manifestWith(registered));
  mkdirSync(ledgerDirOf(root), { recursive: true });
  return root;
}

/** A committed repository whose ledger holds `count` entries over four segments. */
export function createRepo(count: number, signed = false, dir?: string): BenchRepo {
  const key = signed ? generateKey() : undefined;
  const signer = key?.signer;
  const root = createEmptyRepo(
    dir,
    key === undefined ? undefined : { signer: key.signer, publicKey: key.publicKeyBase64 },
  );
  const lines = new Map(SEGMENTS.map((s) => [s, [] as string[]]));
  const heads: Record<string, string> = {};
  const actor =
    signer === undefined ? undefined : { label: 'qa', authority: 'virtual:quality', context: 'ci' };
  for (let i = 0; i < count; i++) {
    const segment = SEGMENTS[i % SEGMENTS.length]!;
    const own = lines.get(segment)!;
    const placement = {
      ledger: TEST_LEDGER_ID,
      segment,
      seq: own.length,
      prev: heads[segment] ?? null,
      heads: { ...heads },
    };
    const { line } = buildEntry(draft(i, actor === undefined ? {} : { actor }), placement, signer);
    own.push(line);
    heads[segment] = sha256Hex(line);
  }
  for (const [segment, own] of lines)
    writeFileSync(join(ledgerDirOf(root), `${segment}.jsonl`), own.map((l) => `${l}\n`).join(''));
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'ledger');
  return { root, plane: loadPlane(root) };
}

/** Appends `count` entries through the real append path (uncommitted, on top of the base). */
export async function appendMore(repo: BenchRepo, count: number, from: number): Promise<void> {
  for (let i = 0; i < count; i++)
    await appendEntry(repo.plane, draft(from + i), { manifest: repo.plane.manifest });
}

/** Writes `lines` copies of `line` (plus a newline each) in chunks; returns the byte count. */
export function writeRepeated(path: string, line: string, lines: number): number {
  const fd = openSync(path, 'w');
  let bytes = 0;
  try {
    const perChunk = Math.max(1, Math.floor((1 << 20) / (line.length + 1)));
    const chunk = `${line}\n`.repeat(perChunk);
    for (let done = 0; done < lines; done += perChunk) {
      const n = Math.min(perChunk, lines - done);
      bytes += writeSync(fd, n === perChunk ? chunk : `${line}\n`.repeat(n));
    }
  } finally {
    closeSync(fd);
  }
  return bytes;
}

if (process.argv[1]?.endsWith('ledger-workload.ts')) {
  const [dir, count = '100000', signed = '', appended = '0'] = process.argv.slice(2);
  if (dir === undefined) throw new Error('usage: ledger-workload.ts <dir> <entries> [signed] [n]');
  const repo = createRepo(Number(count), signed === 'signed', dir);
  await appendMore(repo, Number(appended), Number(count));
  console.log(repo.root);
}
