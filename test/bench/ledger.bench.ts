// Ledger benchmarks (issue 2): append at 100k existing entries, verify --full over 100k unsigned
// and signed entries, verify --base with 50 new entries over 100k. Data is generated in setup.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '../../scripts/lib/core/hash.ts';
import { buildEntry } from '../../scripts/lib/core/ledger/build-entry.ts';
import type { Signer } from '../../scripts/lib/core/ledger/types.ts';
import { generateKey } from '../../scripts/lib/io/keys.ts';
import { appendEntry } from '../../scripts/lib/io/ledger-store.ts';
import { loadPlane } from '../../scripts/lib/io/plane.ts';
import { runVerify } from '../../scripts/verify.ts';
import { createTestContext } from '../helpers/context.ts';
import { MINIMAL_MANIFEST, TEST_LEDGER_ID, draft } from '../helpers/ledger-repo.ts';
import type { Bench } from './harness.ts';
import type { Plane } from '../../scripts/lib/core/plane/plane.ts';

const ENTRIES = 100_000;
const SEGMENTS = ['0000aaaa-main', '0000bbbb-feature-a', '0000cccc-feature-b', '0000dddd-ci'];

interface Repo {
  root: string;
  plane: Plane;
}

function git(root: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@b', ...args], {
    cwd: root,
    stdio: 'ignore',
  });
}

function manifestWith(key: { keyid: string; publicKey: string } | undefined): string {
  if (key === undefined) return MINIMAL_MANIFEST;
  const keys = `    keys:\n      - keyid: ${key.keyid}\n        public_key: ${key.publicKey}\n        added: 2026-01-01T00:00:00.000Z\n`;
  return MINIMAL_MANIFEST.replace('    stages: [cross]\n', `    stages: [cross]\n${keys}`);
}

/** A committed repository whose ledger holds `count` entries over four segments. */
function createRepo(count: number, signer?: Signer, publicKey?: string): Repo {
  const root = mkdtempSync(join(tmpdir(), 'pg-bench-'));
  git(root, 'init', '-q', '-b', 'main');
  mkdirSync(join(root, '.proofgate', 'controls'), { recursive: true });
  const key =
    signer === undefined ? undefined : { keyid: signer.keyid, publicKey: publicKey ?? '' };
  writeFileSync(join(root, '.proofgate', 'controls', 'manifest.yaml'), manifestWith(key));
  const dir = join(root, '.proofgate', 'evidence', 'ledger');
  mkdirSync(dir, { recursive: true });
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
    writeFileSync(join(dir, `${segment}.jsonl`), own.map((l) => `${l}\n`).join(''));
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'ledger');
  return { root, plane: loadPlane(root) };
}

const verifyOptions = (base?: string) => ({
  root: undefined,
  json: false,
  limit: 8192,
  base,
  noBase: true,
  repairTorn: false,
  authorityId: 'virtual:developer',
});

async function verifyOnce(repo: Repo, base?: string): Promise<void> {
  const report = await runVerify(verifyOptions(base), createTestContext({ cwd: repo.root }));
  if (!report.ok)
    throw new Error(`bench ledger not intact: ${JSON.stringify(report.findings.slice(0, 3))}`);
}

const cleanup = (state: unknown): Promise<void> => {
  rmSync((state as Repo).root, { recursive: true, force: true });
  return Promise.resolve();
};

let appended = 0;
export const benches: Bench[] = [
  {
    name: 'append to an empty ledger (baseline: lock + fsync)',
    runs: 30,
    setup: () => Promise.resolve(createRepo(0)),
    fn: async (state) => {
      const { plane } = state as Repo;
      await appendEntry(plane, draft(appended++), { manifest: plane.manifest });
    },
    teardown: cleanup,
  },
  {
    name: 'append at 100k existing entries',
    target: '<= 5 ms median',
    targetMs: 5,
    baseline: 'append to an empty ledger (baseline: lock + fsync)',
    runs: 30,
    setup: () => Promise.resolve(createRepo(ENTRIES)),
    fn: async (state) => {
      const { plane } = state as Repo;
      await appendEntry(plane, draft(ENTRIES + appended++), { manifest: plane.manifest });
    },
    teardown: cleanup,
  },
  {
    name: 'verify --full, 100k unsigned entries',
    target: '<= 2000 ms median',
    targetMs: 2000,
    runs: 3,
    setup: () => Promise.resolve(createRepo(ENTRIES)),
    fn: (state) => verifyOnce(state as Repo),
    teardown: cleanup,
  },
  {
    name: 'verify --base, 50 new over 100k',
    target: '<= 300 ms median',
    targetMs: 300,
    runs: 5,
    setup: async () => {
      const repo = createRepo(ENTRIES);
      for (let i = 0; i < 50; i++)
        await appendEntry(repo.plane, draft(ENTRIES + i), { manifest: repo.plane.manifest });
      return repo;
    },
    fn: (state) => verifyOnce(state as Repo, 'HEAD'),
    teardown: cleanup,
  },
  {
    name: 'verify --full, 100k signed entries',
    target: 'report',
    runs: 1,
    setup: () => {
      const key = generateKey();
      return Promise.resolve(createRepo(ENTRIES, key.signer, key.publicKeyBase64));
    },
    fn: (state) => verifyOnce(state as Repo),
    teardown: cleanup,
  },
];
