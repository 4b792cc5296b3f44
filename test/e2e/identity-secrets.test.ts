// Identity and secrets on real repositories: a copied checkout (`cp -a`) gets its own clone id
// and segment at its first append; PROOFGATE_KEY_DIR anywhere inside the repository is refused
// (exit 2, no key written); secrets typed into attest --note and --actor never reach the ledger.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appendEntry } from '../../scripts/lib/io/ledger-store.ts';
import { loadPlane } from '../../scripts/lib/io/plane.ts';
import { runInProcess } from '../helpers/cli.ts';
import { makeGateRepo, type GateControl, type GateRepo } from '../helpers/gate-repo.ts';
import { createLedgerRepo, draft, git } from '../helpers/ledger-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

const segments = (root: string): string[] =>
  readdirSync(join(root, '.proofgate', 'evidence', 'ledger')).filter((f) => f.endsWith('.jsonl'));

describe('per-clone identity', () => {
  it('a cp -a copy appends to its own segment; the original keeps its own', async () => {
    const repo = createLedgerRepo();
    cleanups.push(() => repo.cleanup());
    await appendEntry(repo.plane(), draft(0));
    const [original] = segments(repo.root);
    git(repo.root, 'add', '-A');
    git(repo.root, 'commit', '-q', '-m', 'evidence');
    const copy = `${repo.root}-copy`;
    execFileSync('cp', ['-a', repo.root, copy]);
    cleanups.push(() => rmSync(copy, { recursive: true, force: true }));

    await appendEntry(loadPlane(copy), draft(1));
    await appendEntry(repo.plane(), draft(2));
    const inCopy = segments(copy);
    expect(inCopy).toHaveLength(2);
    const copySegment = inCopy.find((s) => s !== original)!;
    expect(copySegment.slice(0, 8)).not.toBe(original!.slice(0, 8));
    expect(segments(repo.root)).toEqual([original]);

    // Both histories merge without a conflict: the copy's entry is in a file of its own.
    git(copy, 'add', '-A');
    git(copy, 'commit', '-q', '-m', 'copy evidence');
    git(repo.root, 'add', '-A');
    git(repo.root, 'commit', '-q', '-m', 'original evidence');
    git(repo.root, 'pull', '-q', '--no-rebase', '--no-edit', copy, 'main');
    expect(segments(repo.root).sort()).toEqual([original, copySegment].sort());
  });

  it('the same checkout keeps its id across appends', async () => {
    const repo = createLedgerRepo();
    cleanups.push(() => repo.cleanup());
    await appendEntry(repo.plane(), draft(0));
    await appendEntry(repo.plane(), draft(1));
    expect(segments(repo.root)).toHaveLength(1);
  });
});

describe('PROOFGATE_KEY_DIR inside the repository', () => {
  function keyedRepo(): GateRepo {
    const r = makeGateRepo([{ id: 'privacy', execution: '{ type: manual }' }]);
    cleanups.push(() => r.remove());
    return r;
  }
  const generate = ['keys', 'generate', '--authority-id', 'virtual:quality'];

  it('a directory whose name starts with two dots is still inside: exit 2, nothing written', async () => {
    const r = keyedRepo();
    const dir = join(r.dir, '..keys');
    const result = await r.run(generate, { PROOFGATE_KEY_DIR: dir });
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/inside the repository/);
    expect(existsSync(dir)).toBe(false);
  });

  it('a plane in a subdirectory: the key directory at the repository top is refused too', async () => {
    const r = keyedRepo();
    const sub = join(r.dir, 'packages', 'app');
    mkdirSync(sub, { recursive: true });
    execFileSync('cp', ['-a', join(r.dir, '.proofgate'), join(sub, '.proofgate')]);
    const dir = join(r.dir, 'keys');
    const result = await runInProcess([...generate, '--root', sub], { PROOFGATE_KEY_DIR: dir });
    expect(result.stderr).toMatch(/inside the repository/);
    expect(result.code).toBe(2);
    expect(existsSync(dir)).toBe(false);
  });
});

describe('typed secrets never reach the ledger', () => {
  const manual: GateControl = { id: 'privacy', execution: '{ type: manual }' };
  const human = { authorities: [{ id: 'human:alice', kind: 'human', stages: ['self'] }] };
  const jwt = `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from('{"sub":"alice1234"}').toString('base64url')}.c2lnbmF0dXJlLXZhbHVlLTEyMzQ1`;
  const secrets = [
    `ghp_${'a1B2c3D4e5'.repeat(3)}abcdef`,
    `sk_live_${'Zx9'.repeat(8)}`,
    `AIza${'Sy0-abcdEFGH'.repeat(3)}`,
    `npm_${'q7W8e9R0t1'.repeat(3)}abcdef`,
    jwt,
  ];

  it('attest --note and --actor are redacted before the line is written', async () => {
    const r = makeGateRepo([manual], human);
    cleanups.push(() => r.remove());
    const note = `checked with ${secrets.join(' and ')}; password=hunter2hunter2`;
    const result = await r.run([
      'attest',
      '--control',
      'privacy',
      '--status',
      'PASS',
      '--note',
      note,
      '--authority-id',
      'human:alice',
      '--execution-context',
      `local:alice ${secrets[0]!}`,
      '--actor',
      `alice ${secrets[1]!}`,
    ]);
    expect(result.code).toBe(0);
    const ledger = segments(r.dir)
      .map((f) => readFileSync(join(r.dir, '.proofgate', 'evidence', 'ledger', f), 'utf8'))
      .join('');
    for (const secret of [...secrets, 'hunter2hunter2']) expect(ledger).not.toContain(secret);
    expect(ledger).toMatch(/"note":"checked with \[REDACTED\] and/);
    expect(ledger).toMatch(/"label":"alice \[REDACTED\]"/);
  });
});

describe('typed secrets never reach the committed knowledge files', () => {
  it('decision add --reason and its title are redacted; the decision is still recorded', async () => {
    const r = makeGateRepo([{ id: 'privacy', execution: '{ type: manual }' }]);
    cleanups.push(() => r.remove());
    const token = `ghp_${'Q1w2E3r4T5'.repeat(4)}`;
    const result = await r.run([
      'decision',
      'add',
      `call the API with ${token}`,
      '--reason',
      `leaks password=${'p4ss'.repeat(4)} in logs`,
      '--condition',
      'always',
      '--path',
      'src/app.js',
    ]);
    expect(result.code).toBe(0);
    const dir = join(r.dir, '.proofgate', 'knowledge');
    const text = readdirSync(dir)
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('');
    expect(text).toMatch(/"reason":"leaks password=\[REDACTED\] in logs"/);
    expect(text).not.toContain(token);
    expect(text).not.toContain('p4ssp4ss');
  });
});
