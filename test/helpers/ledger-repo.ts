// A temporary git repository with a minimal control plane, for ledger tests (init is built
// elsewhere; this manifest has only what the ledger reads).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntryDraft } from '../../scripts/lib/core/ledger/types.ts';
import { loadPlane } from '../../scripts/lib/io/plane/plane.ts';
import { manifestYaml } from './manifest-fixture.ts';
import { TEST_GIT_OPTIONS } from './git-repo.ts';
import type { Plane } from '../../scripts/lib/core/plane/plane.ts';

export const TEST_LEDGER_ID = 'test-ledger-0001';

export const MINIMAL_MANIFEST = `# minimal manifest for ledger tests\n${manifestYaml({
  ledgerId: TEST_LEDGER_ID,
}).replace(
  '  - id: virtual:developer\n',
  '  # the developer (self stage)\n  - id: virtual:developer\n',
)}`;

export function git(root: string, ...args: string[]): string {
  return execFileSync('git', [...TEST_GIT_OPTIONS, ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export interface LedgerRepo {
  root: string;
  plane: () => Plane;
  cleanup(): void;
}

export function createLedgerRepo(manifest = MINIMAL_MANIFEST): LedgerRepo {
  const root = mkdtempSync(join(tmpdir(), 'pg-ledger-'));
  git(root, 'init', '-q', '-b', 'main');
  mkdirSync(join(root, '.proofgate', 'controls'), { recursive: true });
  writeFileSync(join(root, '.proofgate', 'controls', 'manifest.yaml'), manifest);
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'plane');
  return {
    root,
    plane: () => loadPlane(root),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

export function draft(n: number, overrides: Partial<EntryDraft> = {}): EntryDraft {
  return {
    kind: 'run',
    time: new Date(Date.UTC(2026, 0, 1, 0, 0, n % 60, n % 1000)).toISOString(),
    actor: { label: 'dev', authority: 'virtual:developer', context: 'local:test' },
    subject: { tree: 'a'.repeat(40), manifest: 'b'.repeat(64), registry: 'c'.repeat(64) },
    body: { control: `c-${n}`, verdict: n % 3 === 0 ? 'FAIL' : 'PASS', n },
    ...overrides,
  };
}
