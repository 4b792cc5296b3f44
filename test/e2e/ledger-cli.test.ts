// The ledger through real git and the real CLI: verify verdicts and exit codes, append-only proof
// against a base ref, merges of two writers, torn lines, keys and seals.
import {
  appendFileSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
  existsSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { appendEntry, readLedger } from '../../scripts/lib/io/ledger/ledger-store.ts';
import { loadSigner } from '../../scripts/lib/io/keys/keys.ts';
import { runCli, runInProcess } from '../helpers/cli.ts';
import { createLedgerRepo, draft, git } from '../helpers/ledger-repo.ts';
import type { LedgerRepo } from '../helpers/ledger-repo.ts';

let repo: LedgerRepo;
let keyDir: string;
beforeEach(() => {
  repo = createLedgerRepo();
  keyDir = mkdtempSync(join(tmpdir(), 'pg-keys-'));
});
afterEach(() => {
  repo.cleanup();
  rmSync(keyDir, { recursive: true, force: true });
});

async function appendSome(n: number, from = 0): Promise<void> {
  const plane = repo.plane();
  for (let i = from; i < from + n; i++)
    await appendEntry(plane, draft(i), { manifest: plane.manifest });
}

function segmentPath(name?: string): string {
  const dir = join(repo.root, '.proofgate', 'evidence', 'ledger');
  const files = git(repo.root, 'ls-files', '--others', '--cached', '--', dir).trim().split('\n');
  const file = name === undefined ? files[0]! : files.find((f) => f.includes(name))!;
  return join(repo.root, file);
}

describe('verify through the CLI', () => {
  test('an intact ledger: verdict first, exit 0; a tampered one: file:line and exit 3', async () => {
    await appendSome(3);
    const clean = runCli(['verify', '--full', '--root', repo.root]);
    expect(clean.stdout.split('\n')[0]).toBe(
      'INTACT ledger: 3 lines in 1 segments checked, 0 findings',
    );
    expect(clean.code).toBe(0);
    const path = segmentPath();
    writeFileSync(path, readFileSync(path, 'utf8').replace('"verdict":"PASS"', '"verdict":"PAS5"'));
    const bad = runCli(['verify', '--root', repo.root, '--json']);
    expect(bad.code).toBe(3);
    const report = JSON.parse(bad.stdout) as { findings: { line: number; code: string }[] };
    expect(report.findings.map((f) => `${f.line} ${f.code}`)).toEqual(['3 PREV_MISMATCH']);
  });

  test('--base proves append-only: new lines pass, a changed base byte fails', async () => {
    await appendSome(3);
    git(repo.root, 'add', '-A');
    git(repo.root, 'commit', '-q', '-m', 'evidence');
    await appendSome(2, 3);
    const ok = await runInProcess(['verify', '--base', 'HEAD', '--root', repo.root]);
    expect(ok.stdout.split('\n')[0]).toBe(
      'INTACT ledger: 2 new lines since HEAD in 1 segments checked, 0 findings',
    );
    const path = segmentPath();
    const bytes = readFileSync(path);
    bytes[20] = bytes[20]! ^ 1;
    writeFileSync(path, bytes);
    const bad = await runInProcess(['verify', '--base', 'HEAD', '--root', repo.root]);
    expect(bad.code).toBe(3);
    expect(bad.stdout).toMatch(/^TAMPERED ledger/);
    expect(bad.stdout).toMatch(/jsonl:1: HISTORY_REWRITTEN/);
    rmSync(path);
    const gone = await runInProcess(['verify', '--base', 'HEAD', '--root', repo.root]);
    expect(gone.stdout).toMatch(/jsonl:0: SEGMENT_DELETED/);
    expect(
      (await runInProcess(['verify', '--base', 'no-such-ref', '--root', repo.root])).code,
    ).toBe(2);
  });

  test('a manifest without ledger_id is a config error (exit 2)', async () => {
    const path = join(repo.root, '.proofgate', 'controls', 'manifest.yaml');
    writeFileSync(path, readFileSync(path, 'utf8').replace(/ledger_id: .*/, 'ledger_id: ""'));
    expect((await runInProcess(['verify', '--root', repo.root])).code).toBe(2);
  });

  test('outside a git repository: exit 4 and nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-nogit-'));
    try {
      const result = runCli(['verify', '--root', dir]);
      expect(result.code).toBe(4);
      expect(result.stderr).toMatch(/NOT_A_GIT_REPO/);
      const plane = { root: dir, dir: join(dir, '.proofgate'), rel: '.proofgate' };
      await expect(appendEntry(plane, draft(0))).rejects.toMatchObject({ exitCode: 4 });
      expect(existsSync(join(dir, '.proofgate'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('writers', () => {
  test('two branches that both appended merge without conflict and verify', async () => {
    await appendSome(2);
    git(repo.root, 'add', '-A');
    git(repo.root, 'commit', '-q', '-m', 'main evidence');
    git(repo.root, 'checkout', '-q', '-b', 'feature/x');
    await appendSome(2, 10);
    git(repo.root, 'add', '-A');
    git(repo.root, 'commit', '-q', '-m', 'feature evidence');
    git(repo.root, 'checkout', '-q', 'main');
    await appendSome(2, 20);
    git(repo.root, 'add', '-A');
    git(repo.root, 'commit', '-q', '-m', 'more main evidence');
    git(repo.root, 'merge', '-q', '--no-edit', 'feature/x');
    const snapshot = await readLedger(repo.plane());
    expect(snapshot.segments.map((s) => s.name.slice(9))).toEqual(['feature-x', 'main']);
    const result = await runInProcess(['verify', '--base', 'HEAD~1', '--root', repo.root]);
    expect(result.stdout.split('\n')[0]).toMatch(/^INTACT/);
    expect((await runInProcess(['verify', '--full', '--root', repo.root])).code).toBe(0);
  });

  test('a torn last line is reported, blocks appends, and is repaired with a note', async () => {
    await appendSome(2);
    appendFileSync(segmentPath(), '{"actor":{"auth');
    const torn = await runInProcess(['verify', '--root', repo.root]);
    expect(torn.code).toBe(3);
    expect(torn.stdout).toMatch(/jsonl:3: TORN_LINE/);
    await expect(appendSome(1, 5)).rejects.toMatchObject({ code: 'TORN_LINE', exitCode: 3 });
    const fixed = await runInProcess(['verify', '--repair-torn', '--root', repo.root]);
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toMatch(/removed 15 torn bytes/);
    const lines = readFileSync(segmentPath(), 'utf8').trim().split('\n');
    expect(JSON.parse(lines[2]!)).toMatchObject({ kind: 'note', body: { removed_bytes: 15 } });
  });

  test('a torn tail that is a complete entry is never removed', async () => {
    await appendSome(2);
    const path = segmentPath();
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.slice(0, -1));
    const refused = await runInProcess(['verify', '--repair-torn', '--root', repo.root]);
    expect(refused.code).toBe(3);
    expect(readFileSync(path, 'utf8')).toBe(text.slice(0, -1));
  });
});

describe('keys and seals', () => {
  test('keys generate registers the key; later entries are signed and unsigned ones are found', async () => {
    const env = { PROOFGATE_KEY_DIR: keyDir };
    const made = await runInProcess(
      ['authority', 'keys', 'generate', '--authority-id', 'virtual:quality', '--root', repo.root],
      env,
    );
    expect(made.code).toBe(0);
    const manifest = readFileSync(
      join(repo.root, '.proofgate', 'controls', 'manifest.yaml'),
      'utf8',
    );
    expect(manifest).toContain('# the developer (self stage)');
    expect(manifest).toMatch(/keys:\n\s+- keyid: [0-9a-f]{64}/);
    const plane = repo.plane();
    const signer = loadSigner(plane, 'virtual:quality', env);
    expect(loadSigner(plane, 'virtual:developer', env)).toBeUndefined();
    const elsewhere = { PROOFGATE_KEY_DIR: join(keyDir, 'empty') };
    expect(() => loadSigner(plane, 'virtual:quality', elsewhere)).toThrow(
      /none of their private keys/,
    );
    const actor = { label: 'qa', authority: 'virtual:quality', context: 'ci' };
    const signed = await appendEntry(plane, draft(1, { actor }), {
      signer: signer!,
      manifest: plane.manifest,
    });
    expect(signed.entry.sigs?.[0]?.keyid).toBe(signer!.keyid);
    expect((await runInProcess(['verify', '--root', repo.root])).code).toBe(0);
    await appendEntry(plane, draft(2, { actor }), { manifest: plane.manifest });
    const found = await runInProcess(['verify', '--root', repo.root]);
    expect(found.stdout).toMatch(/jsonl:3: UNSIGNED_AFTER_KEY/);
    const unknown = await runInProcess(
      ['authority', 'keys', 'generate', '--authority-id', 'human:bob', '--root', repo.root],
      env,
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/virtual:developer, virtual:quality/);
    const inside = await runInProcess(
      ['authority', 'keys', 'generate', '--authority-id', 'virtual:developer', '--root', repo.root],
      {
        PROOFGATE_KEY_DIR: join(repo.root, 'keys'),
      },
    );
    expect(inside.code).toBe(2);
    expect(existsSync(join(repo.root, 'keys'))).toBe(false);
  });

  test('keys generate --if-missing adds a key only to an authority that has none', async () => {
    const env = { PROOFGATE_KEY_DIR: keyDir };
    const manifestPath = join(repo.root, '.proofgate', 'controls', 'manifest.yaml');
    const args = [
      'authority',
      'keys',
      'generate',
      '--authority-id',
      'virtual:quality',
      '--if-missing',
    ];
    const first = await runInProcess([...args, '--root', repo.root, '--json'], env);
    expect(first.code).toBe(0);
    const made = JSON.parse(first.stdout) as { generated?: { keyid: string } };
    expect(made.generated?.keyid).toMatch(/^[0-9a-f]{64}$/);
    const manifest = readFileSync(manifestPath, 'utf8');
    const ledger = readLedger(repo.plane());
    // Repeated (every blocker's next: line carries it), nothing more is generated or appended.
    const again = await runInProcess([...args, '--root', repo.root], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(
      /^KEPT virtual:quality: already has 1 registered key\(s\); nothing generated/,
    );
    expect(again.stdout).toContain(`${made.generated!.keyid} (private key here)`);
    expect(readFileSync(manifestPath, 'utf8')).toBe(manifest);
    expect(JSON.stringify(await readLedger(repo.plane()))).toBe(JSON.stringify(await ledger));
    // Without the flag, generate still adds a second key (a rotation).
    expect((await runInProcess([...args.slice(0, 5), '--root', repo.root], env)).code).toBe(0);
    expect(readFileSync(manifestPath, 'utf8').match(/- keyid: /g)).toHaveLength(2);
  });

  test('a seal closes the segment: the writer continues in -g1 and verify stays clean', async () => {
    await appendSome(2);
    const sealed = await runInProcess(['seal', '--archive-id', 'r1', '--root', repo.root]);
    expect(sealed.code).toBe(0);
    expect(sealed.stdout).toMatch(/^SEALED archive r1: 1 segment heads, 0 evidence objects/);
    await appendSome(1, 5);
    const names = (await readLedger(repo.plane())).segments.map((s) => s.name.slice(9));
    expect(names).toEqual(['main', 'main-g1']);
    expect((await runInProcess(['verify', '--root', repo.root])).code).toBe(0);
  });
});
