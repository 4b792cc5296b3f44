// Identity and secrets on real repositories: a copied checkout (`cp -a`) gets its own clone id
// and segment at its first append; PROOFGATE_KEY_DIR anywhere inside the repository is refused
// (exit 2, no key written); secrets typed into attest --note and --actor never reach the ledger.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appendEntry } from '../../scripts/lib/io/ledger/ledger-store.ts';
import { loadPlane } from '../../scripts/lib/io/plane/plane.ts';
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
  const generate = ['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'];

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

/** Every file under `dir`, read as text, joined (the ledger, objects, knowledge, pages...). */
function readTree(dir: string, skip: (path: string) => boolean = () => false): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .filter((path) => !skip(path))
    .map((path) => readFileSync(path, 'latin1'))
    .join('\n');
}

const dumpHits = (dir: string, secret: string): string =>
  readdirSync(join(dir, '.proofgate'), { recursive: true, withFileTypes: true })
    .filter(
      (e) => e.isFile() && readFileSync(join(e.parentPath, e.name), 'latin1').includes(secret),
    )
    .map((e) => join(e.parentPath, e.name))
    .join(', ');

describe('secrets of every shape, and declared env values, stay out of the plane and the output', () => {
  const human = { authorities: [{ id: 'human:alice', kind: 'human', stages: ['self'] }] };
  const PATH = process.env['PATH'] ?? '/usr/bin:/bin';
  // The value of a variable whose name says nothing about secrets, declared by a control.
  const dbPass = 'Zq9-db-pass-7731';
  const google = `AIza${'Sy0-abcdEFGH'.repeat(3).slice(0, 35)}`;
  const jwt = `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"alice1234"}').toString('base64url')}.c2lnbmF0dXJlLXZhbHVlLTEyMzQ1`;
  const stripe = `sk_live_${'Zx9'.repeat(8)}`;
  // The registry holds the command as its owner wrote it, secret flag value included; what is
  // checked is everything proofgate writes besides it.
  const controls: GateControl[] = [
    { id: 'privacy', execution: '{ type: manual }' },
    {
      id: 'db',
      execution: `{ type: command, argv: [node, -e, ${JSON.stringify(
        'console.log("pw", process.env.MY_DB_PASS, "argv", process.argv.slice(1).join(" "));' +
          `console.log("Authorization: Bearer ${jwt}");` +
          `console.log("password=hunter2 ${google} ${stripe}")`,
      )}, '--', --password, hunter2pw], env: [MY_DB_PASS] }`,
    },
  ];
  const notRegistry = (path: string): boolean => path.endsWith('registry.yaml');
  const leaks = [dbPass, 'hunter2', google, jwt, stripe, 'hunter2pw'];

  it('attest --note/--actor/--execution-context: nothing in the plane directory, stdout or --json', async () => {
    const r = makeGateRepo(controls, human);
    cleanups.push(() => r.remove());
    const env = { MY_DB_PASS: dbPass, PATH };
    const args = [
      'attest',
      '--control',
      'privacy',
      '--status',
      'PASS',
      '--note',
      `checked: password=hunter2 ${google} ${jwt} db ${dbPass}`,
      '--authority-id',
      'human:alice',
      '--execution-context',
      `local:alice ${stripe}`,
      '--actor',
      `alice ${dbPass}`,
    ];
    const text = await r.run(args, env);
    expect(text.code).toBe(0);
    const json = await r.run([...args, '--json'], env);
    expect(json.code).toBe(0);
    const plane = readTree(join(r.dir, '.proofgate'), notRegistry);
    expect(plane).toMatch(
      /"note":"checked: password=\[REDACTED\] \[REDACTED\] \[REDACTED\] db \[REDACTED\]"/,
    );
    expect(plane).toMatch(/"label":"alice \[REDACTED\]"/);
    for (const secret of leaks) {
      expect(plane).not.toContain(secret);
      expect(text.out + text.err + json.out + json.err).not.toContain(secret);
    }
    // The ledger's own hashes, keyids and ids survived: it still verifies.
    expect((await r.run(['verify', '--full'], env)).code).toBe(0);
  });

  it('a command run: its output, argv and --json hold no secret; the stored object is what the ledger names', async () => {
    const r = makeGateRepo(controls, human);
    cleanups.push(() => r.remove());
    const env = { MY_DB_PASS: dbPass, PATH };
    const run = await r.run(['evaluate', '--run', '--control', 'db', '--json'], env);
    expect(run.code).toBe(0);
    const evidence = readTree(join(r.dir, '.proofgate', 'evidence'));
    expect(evidence).toContain('pw [REDACTED] argv --password [REDACTED]');
    expect(evidence).toContain('"--password","[REDACTED]"');
    expect(evidence).toContain('Authorization: Bearer [REDACTED]');
    for (const secret of leaks) {
      expect(evidence).not.toContain(secret);
      expect(run.out + run.err).not.toContain(secret);
    }
    // The object holds the redacted copy and is stored under the digest of those bytes, which is
    // the digest the run entry names.
    const latest = await r.run(['query', 'run', 'latest', '--json'], env);
    const { review } = (JSON.parse(latest.out) as { items: { body: { review: string } }[] })
      .items[0]!.body;
    const objectPath = join(
      r.dir,
      '.proofgate/evidence/objects/sha256',
      review.slice(0, 2),
      review,
    );
    const stored = readFileSync(objectPath);
    expect(createHash('sha256').update(stored).digest('hex')).toBe(review);
    expect(stored.toString('utf8')).toContain('Authorization: Bearer [REDACTED]');
    const shown = await r.run(['query', 'evidence', 'db', '--json'], env);
    for (const secret of leaks) expect(shown.out).not.toContain(secret);
    expect((await r.run(['verify', '--full'], env)).code).toBe(0);
  });
  it('decision add, memory add and adopt --rationale: a declared env value and shapes stay out', async () => {
    const r = makeGateRepo(controls, human);
    cleanups.push(() => r.remove());
    const env = { MY_DB_PASS: dbPass, PATH };
    // Not the shapes the db control's own command prints: those are in the registry as written.
    const typedGoogle = `AIza${'Kx7_mnopQRST'.repeat(3).slice(0, 35)}`;
    const typedStripe = `rk_live_${'Qw4'.repeat(8)}`;
    const attest = ['attest', '--control', 'privacy', '--status', 'PASS', '--note', 'read'];
    const attested = await r.run([...attest, '--authority-id', 'human:alice', '--json'], env);
    const { entry } = JSON.parse(attested.out) as { entry: string };
    const fact = [
      'knowledge',
      'memory',
      'add',
      `the db password is ${dbPass}`,
      '--path',
      'src/app.js',
    ];
    const runs = [
      await r.run(
        [
          'knowledge',
          'decision',
          'add',
          `call the db as ${dbPass}`,
          '--reason',
          `password=letmein42 ${typedGoogle}`,
          '--condition',
          'always',
          '--path',
          'src/app.js',
        ],
        env,
      ),
      await r.run([...fact, '--evidence', entry, '--maturity', 'repeated'], env),
      await r.run(
        [
          'adopt',
          '--not-applicable',
          'privacy',
          '--rationale',
          `no personal data; db ${dbPass} ${typedStripe}`,
          '--authority-id',
          'human:alice',
          '--json',
        ],
        env,
      ),
    ];
    for (const run of runs) expect(run.code, run.err).toBe(0);
    const registry = readFileSync(join(r.dir, '.proofgate/controls/registry.yaml'), 'utf8');
    expect(registry).toContain('rationale: no personal data; db [REDACTED] [REDACTED]');
    const knowledge = readTree(join(r.dir, '.proofgate', 'knowledge'));
    expect(knowledge).toContain('the db password is [REDACTED]');
    // The whole plane this time, registry and the pages rendered from it included.
    const plane = readTree(join(r.dir, '.proofgate'));
    for (const secret of [dbPass, typedGoogle, typedStripe, 'letmein42']) {
      expect(plane, dumpHits(r.dir, secret)).not.toContain(secret);
      for (const run of runs) expect(run.out + run.err).not.toContain(secret);
    }
  });
});

describe('typed secrets never reach the committed knowledge files', () => {
  it('decision add --reason and its title are redacted; the decision is still recorded', async () => {
    const r = makeGateRepo([{ id: 'privacy', execution: '{ type: manual }' }]);
    cleanups.push(() => r.remove());
    const token = `ghp_${'Q1w2E3r4T5'.repeat(4)}`;
    const result = await r.run([
      'knowledge',
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
