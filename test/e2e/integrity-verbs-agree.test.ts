// One integrity verdict: for each defect an agent can leave in a ledger it may write and commit
// (but whose upstream it cannot change), every verb that decides or reports anything refuses with
// exit 3 (the hook blocks) and counts the same findings as `verify --full`. Real git repositories
// tracking a bare upstream remote, driven through the CLI dispatcher.
import {
  appendFileSync,
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hookStopIn } from '../helpers/hook-stop.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

// Fails while the git-ignored file `flag` exists (outside the subject); prints a fresh line each
// run, so every run stores its own evidence object.
const TESTS = {
  id: 'tests',
  execution: `{ type: command, argv: ${nodeArgv('console.log("ok", process.hrtime.bigint()); process.exit(require("fs").existsSync("flag") ? 1 : 0)')} }`,
};

function segmentFile(r: GateRepo): string {
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  const name = readdirSync(dir).find((f) => f.endsWith('.jsonl'));
  if (name === undefined) throw new Error('no segment');
  return join(dir, name);
}

function ledgerLines(r: GateRepo): string[] {
  return readFileSync(segmentFile(r), 'utf8').split('\n').filter(Boolean);
}

function objectOf(r: GateRepo, line: number): string {
  const entry = JSON.parse(ledgerLines(r)[line - 1]!) as { storage: { objects: string[] } };
  return entry.storage.objects[0]!;
}

function dropLastLine(r: GateRepo): void {
  writeFileSync(segmentFile(r), `${ledgerLines(r).slice(0, -1).join('\n')}\n`);
}

/** Two current PASS runs, committed and pushed to a bare remote the branch tracks. */
async function trackedRepo(): Promise<GateRepo> {
  const r = makeGateRepo([TESTS], { files: { '.gitignore': 'flag\n' } });
  const remote = mkdtempSync(join(tmpdir(), 'pg-agree-remote-'));
  cleanups.push(() => {
    r.remove();
    rmSync(remote, { recursive: true, force: true });
  });
  for (let i = 0; i < 2; i++) expect((await r.run(['evaluate', '--run'])).code).toBe(0);
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'evidence');
  r.git('init', '-q', '--bare', remote);
  r.git('remote', 'add', 'origin', remote);
  r.git('push', '-q', '-u', 'origin', 'HEAD:main');
  r.git('branch', '-q', '--set-upstream-to', 'origin/main');
  const claim = await r.run(['claim', '--control', 'tests', '--no-record']);
  expect(claim.code, claim.err).toBe(0);
  expect((await r.run(['verify', '--full'])).code).toBe(0);
  return r;
}

interface Outcome {
  verb: string;
  code: number;
  count: number | undefined;
  text: string;
}

function countIn(
  out: string,
  path: (json: Record<string, unknown>) => unknown,
): number | undefined {
  try {
    const value = path(JSON.parse(out) as Record<string, unknown>);
    return typeof value === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

const errorCount = (json: Record<string, unknown>): unknown =>
  (json['error'] as Record<string, unknown> | undefined)?.['findingCount'];

/** Every verb's answer on the repository as it is now. */
async function everyVerb(r: GateRepo, digest: string): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const gate: [string, string[]][] = [
    ['status', ['status']],
    ['claim', ['claim', '--control', 'tests', '--no-record']],
    ['claim --base', ['claim', '--control', 'tests', '--no-record', '--base', 'origin/main']],
    ['readiness', ['status', '--readiness']],
    ['next', ['status', '--next']],
    ['query evidence', ['query', 'evidence', digest.slice(0, 12)]],
  ];
  const verify = await r.run(['verify', '--full', '--json']);
  outcomes.push({
    verb: 'verify --full',
    code: verify.code,
    count: countIn(verify.out, (j) => j['findingCount']),
    text: verify.out,
  });
  for (const [verb, args] of gate) {
    const out = await r.run([...args, '--json']);
    outcomes.push({ verb, code: out.code, count: countIn(out.out, errorCount), text: out.out });
  }
  const html = join(r.dir, 'report.html');
  const report = await r.run(['report', '--html', html, '--json']);
  outcomes.push({
    verb: 'report',
    code: report.code,
    count: countIn(report.out, (j) => j['findingCount']),
    text: readFileSync(html, 'utf8'),
  });
  rmSync(html, { force: true });
  const stop = await hookStopIn(r.dir, '--control', 'tests');
  const counted = /\((\d+) findings?\)/.exec(stop.reason ?? '');
  outcomes.push({
    verb: 'hook stop',
    code: stop.decision === 'block' ? 3 : 0,
    count: counted === null ? undefined : Number(counted[1]),
    text: stop.reason ?? '',
  });
  return outcomes;
}

/** Every verb exits 3 (the hook blocks), names `code`, and counts `count` findings. */
async function expectAgreement(
  r: GateRepo,
  digest: string,
  code: string,
  count: number,
): Promise<void> {
  const outcomes = await everyVerb(r, digest);
  for (const outcome of outcomes) {
    expect(outcome.code, `${outcome.verb}: ${outcome.text.slice(0, 400)}`).toBe(3);
    expect(outcome.count, `${outcome.verb} finding count`).toBe(count);
    expect(outcome.text, outcome.verb).toContain(code);
  }
}

describe('every verdict sees every defect verify sees', () => {
  it('an entry dated in the future (written with PROOFGATE_NOW=2099…)', async () => {
    const r = await trackedRepo();
    const run = await r.run(['evaluate', '--run'], {}, '2099-01-01T00:00:00.000Z');
    expect(run.code).toBe(0);
    await expectAgreement(r, objectOf(r, 1), 'TIME_IN_FUTURE', 1);
  });

  it('an old, superseded evidence object overwritten with "all clean"', async () => {
    const r = await trackedRepo();
    const digest = objectOf(r, 1);
    const path = join(r.dir, '.proofgate/evidence/objects/sha256', digest.slice(0, 2), digest);
    chmodSync(path, 0o644);
    writeFileSync(path, 'all clean\n');
    await expectAgreement(r, digest, 'OBJECT_CORRUPT', 1);
    // query evidence never prints the forged text.
    const query = await r.run(['query', 'evidence', digest.slice(0, 12)]);
    expect(query.out).not.toContain('all clean');
  });

  it('committed ledger lines the upstream holds, deleted and committed', async () => {
    const r = await trackedRepo();
    dropLastLine(r);
    r.git('commit', '-q', '-am', 'chore: tidy evidence');
    await expectAgreement(r, objectOf(r, 1), 'HISTORY_REWRITTEN', 1);
  });

  it('a FAIL recorded and committed, then deleted in a second commit', async () => {
    const r = await trackedRepo();
    writeFileSync(join(r.dir, 'flag'), '');
    expect((await r.run(['evaluate', '--run'])).code).toBe(1);
    rmSync(join(r.dir, 'flag'));
    r.git('add', '-A');
    r.git('commit', '-q', '-m', 'evidence: tests FAIL');
    const fail = r.git('rev-parse', '--short=7', 'HEAD').trim();
    dropLastLine(r);
    r.git('commit', '-q', '-am', 'chore: tidy evidence');
    const tidy = r.git('rev-parse', '--short=7', 'HEAD').trim();
    // The ledger now equals the upstream's byte for byte: only the history shows the deletion.
    expect(r.git('diff', '--stat', 'origin/main', '--', '.proofgate/evidence/ledger')).toBe('');
    await expectAgreement(r, objectOf(r, 1), 'HISTORY_REWRITTEN', 1);
    const verify = await r.run(['verify', '--full']);
    expect(verify.out).toContain(`commit ${tidy} (parent ${fail}`);
    const base = await r.run(['verify', '--base', 'origin/main']);
    expect(base.code).toBe(3);
    expect(base.out).toContain(`commit ${tidy}`);
  });

  it('a merge that drops the segment one parent holds is named by the merge commit', async () => {
    const r = await trackedRepo();
    r.git('checkout', '-q', '-b', 'side');
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    r.git('add', '-A');
    r.git('commit', '-q', '-m', 'side evidence');
    const side = r.git('rev-parse', '--short=7', 'HEAD').trim();
    r.git('checkout', '-q', '-');
    // "ours" keeps this branch's tree: the side's segment (and its result) silently vanish.
    r.git('merge', '-q', '-s', 'ours', 'side', '-m', 'merge side');
    const merge = r.git('rev-parse', '--short=7', 'HEAD').trim();
    await expectAgreement(r, objectOf(r, 1), 'SEGMENT_DELETED', 1);
    const verify = await r.run(['verify', '--full']);
    expect(verify.out).toContain(`segment deleted by commit ${merge} (parent ${side}`);
  });

  it('an intact ledger with an appended, committed PASS: every verb agrees it is intact', async () => {
    const r = await trackedRepo();
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    r.git('add', '-A');
    r.git('commit', '-q', '-m', 'more evidence');
    appendFileSync(join(r.dir, 'src', 'app.js'), '');
    for (const args of [
      ['verify', '--full'],
      ['verify', '--base', 'origin/main'],
      ['status'],
      ['claim', '--control', 'tests', '--no-record'],
      ['claim', '--control', 'tests', '--no-record', '--base', 'origin/main'],
    ]) {
      const out = await r.run(args);
      expect(out.code, `${args.join(' ')}: ${out.out}${out.err}`).toBe(0);
    }
    expect((await hookStopIn(r.dir, '--control', 'tests')).decision).toBeUndefined();
  });
});
