// Artifacts as evidence, on a real repository: a control's declared artifacts are stored by digest
// after its run; a missing one is a FAIL; an artifact the agent edits or deletes afterwards makes
// the PASS STALE_ARTIFACT in claim and status alike; an evidence budget blocks a publication that
// would exceed it and every run once the store is full (BLOCKED, kind evidence).
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

const WRITE = (bytes: number): string =>
  `require("fs").mkdirSync("out",{recursive:true});require("fs").writeFileSync("out/report.txt","x".repeat(${bytes}))`;

/** One control writing out/report.txt (git-ignored) and declaring it (and `extra`) as artifacts. */
function repo(script: string, artifacts = ['out/report.txt'], budget?: number): GateRepo {
  const r = makeGateRepo(
    [{ id: 'report', execution: `{ type: command, argv: ${nodeArgv(script)} }` }],
    {
      files: { '.gitignore': 'out/\n' },
    },
  );
  repos.push(r);
  const registry = join(r.dir, '.proofgate', 'controls', 'registry.yaml');
  writeFileSync(
    registry,
    readFileSync(registry, 'utf8').replace(
      'evidence_required: [output]',
      `artifacts: [${artifacts.join(', ')}]\n    evidence_required: [output]`,
    ),
  );
  const manifest = join(r.dir, '.proofgate', 'controls', 'manifest.yaml');
  let text = readFileSync(manifest, 'utf8').replace(
    /(project|release): \{ required_stages: \[[^\]]*\] \}/g,
    '$1: { required_stages: [self] }',
  );
  if (budget !== undefined)
    text = text.replace('redact_env: [] }', `redact_env: [], budget_bytes: ${budget} }`);
  writeFileSync(manifest, text);
  r.commit('artifacts');
  return r;
}

function runBodies(r: GateRepo): Record<string, unknown>[] {
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  return readdirSync(dir)
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean))
    .map((l) => JSON.parse(l) as { kind: string; body: Record<string, unknown> })
    .filter((e) => e.kind === 'run')
    .map((e) => e.body);
}

function objectPath(r: GateRepo, sha: string): string {
  return join(r.dir, '.proofgate', 'evidence', 'objects', 'sha256', sha.slice(0, 2), sha);
}

interface ClaimJson {
  granted: boolean;
  blockers: { control: string; status: string; reason: string; next?: string }[];
}

describe('artifacts are stored by digest after the run', () => {
  it('records path, digest and size, stores the bytes, and the claim holds', async () => {
    const r = repo(WRITE(100));
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const artifacts = runBodies(r)[0]?.['artifacts'] as {
      path: string;
      sha256: string;
      bytes: number;
    }[];
    expect(artifacts).toHaveLength(1);
    expect(artifacts[0]?.path).toBe('out/report.txt');
    expect(artifacts[0]?.bytes).toBe(100);
    expect(readFileSync(objectPath(r, artifacts[0]?.sha256 ?? ''), 'utf8')).toBe('x'.repeat(100));
    expect((await r.run(['claim', '--control', 'report'])).code).toBe(0);
  });

  it('a declared artifact the run did not produce is a FAIL', async () => {
    const r = repo(WRITE(10), ['out/report.txt', 'out/coverage.json']);
    const run = await r.run(['evaluate', '--run', '--json']);
    expect(run.code).toBe(1);
    expect(runBodies(r)[0]?.['status']).toBe('FAIL');
    expect(String(runBodies(r)[0]?.['detail'])).toContain(
      'artifact out/coverage.json does not exist',
    );
  });
});

describe('an artifact that changes after the run stales the PASS (STALE_ARTIFACT)', () => {
  it('an edited artifact: claim refused, status STALE with the evaluate command', async () => {
    const r = repo(WRITE(100));
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    writeFileSync(join(r.dir, 'out', 'report.txt'), 'forged by the agent');
    const claim = await r.run(['claim', '--control', 'report', '--json']);
    expect(claim.code).toBe(1);
    const refused = JSON.parse(claim.out) as ClaimJson;
    expect(refused.blockers[0]?.status).toBe('STALE');
    expect(refused.blockers[0]?.reason).toMatch(
      /^STALE_ARTIFACT out\/report.txt no longer matches/,
    );
    const status = await r.run(['status', '--control', 'report']);
    expect(status.out).toMatch(/STALE +report: STALE_ARTIFACT out\/report.txt/);
    expect(status.out).toContain('proofgate evaluate --run --control report');
    // Running the control again records the artifact anew: the claim holds again.
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    expect((await r.run(['claim', '--control', 'report'])).code).toBe(0);
  });

  it('a deleted artifact: the PASS no longer counts', async () => {
    const r = repo(WRITE(100));
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    rmSync(join(r.dir, 'out'), { recursive: true });
    const claim = JSON.parse(
      (await r.run(['claim', '--control', 'report', '--json'])).out,
    ) as ClaimJson;
    expect(claim.granted).toBe(false);
    expect(claim.blockers[0]?.reason).toContain('the file is gone');
  });
});

describe('the evidence budget', () => {
  it('blocks a publication that would exceed it, storing nothing', async () => {
    const r = repo(WRITE(100_000), ['out/report.txt'], 65_536);
    const run = await r.run(['evaluate', '--run']);
    expect(run.code).toBe(1);
    const [body] = runBodies(r);
    expect(body?.['status']).toBe('BLOCKED');
    const blocker = body?.['blocker'] as { kind: string; detail: string };
    expect(blocker.kind).toBe('evidence');
    expect(blocker.detail).toContain('over its budget of 65536');
    expect(body?.['artifacts']).toBeUndefined();
    const claim = JSON.parse(
      (await r.run(['claim', '--control', 'report', '--json'])).out,
    ) as ClaimJson;
    expect(claim.blockers[0]?.status).toBe('BLOCKED');
  });

  it('blocks every run once the store is at its budget, before running anything', async () => {
    const r = repo(WRITE(60_000), ['out/report.txt'], 65_536);
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    rmSync(join(r.dir, 'out'), { recursive: true });
    // The store now holds the 60 KB artifact and its review copy and the ledger: a second run of
    // anything would add more; pad it over the budget the way a long ledger would.
    writeFileSync(join(r.dir, '.proofgate', 'evidence', 'padding'), 'p'.repeat(8_000));
    expect((await r.run(['evaluate', '--run'])).code).toBe(1);
    const last = runBodies(r).at(-1);
    expect((last?.['blocker'] as { kind: string; detail: string }).detail).toContain(
      'at or over its budget',
    );
    expect(existsSync(join(r.dir, 'out', 'report.txt'))).toBe(false);
  });

  /** Run bodies oldest first (segments read in name order put a later generation first). */
  function runsByTime(r: GateRepo): Record<string, unknown>[] {
    const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
    return readdirSync(dir)
      .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean))
      .map((l) => JSON.parse(l) as { kind: string; time: string; body: Record<string, unknown> })
      .filter((e) => e.kind === 'run')
      .sort((a, b) => a.time.localeCompare(b.time))
      .map((e) => e.body);
  }
  const lastRun = (r: GateRepo) => runsByTime(r).at(-1);

  // The peer's scenario: a store over its budget, then the advice followed as printed. Each run
  // writes a different 30 KB artifact, so the store fills the way a real history does.
  const FRESH = `require("fs").mkdirSync("out",{recursive:true});require("fs").writeFileSync("out/report.txt",String(Date.now()).repeat(3000))`;
  async function overBudget(): Promise<GateRepo> {
    const r = repo(FRESH, ['out/report.txt'], 65_536);
    for (let i = 0; i < 3; i++) await r.run(['evaluate', '--run']);
    const last = lastRun(r);
    expect(last?.['status']).toBe('BLOCKED');
    const detail = (last?.['blocker'] as { detail: string }).detail;
    expect(detail).toContain('proofgate seal --archive-id <new id> --archive');
    return r;
  }

  it('sealing with --archive takes the evidence so far out of what it counts, kept verifiable', async () => {
    const r = await overBudget();
    const seal = await r.run(['seal', '--archive-id', 'budget-1', '--archive']);
    expect(seal.code, seal.err).toBe(0);
    const run = await r.run(['evaluate', '--run']);
    expect(run.code, run.out + run.err).toBe(0);
    expect(lastRun(r)?.['status']).toBe('PASS');
    expect((await r.run(['claim', '--control', 'report'])).code).toBe(0);
    // Archived, not gone: the integrity check still re-hashes every archived object.
    expect((await r.run(['verify', '--full'])).code).toBe(0);
    // The first run's artifact, stored before the seal and archived by it.
    const archived = runsByTime(r)[0]?.['artifacts'] as { sha256: string }[];
    const path = objectPath(r, archived[0]?.sha256 ?? '');
    rmSync(path);
    writeFileSync(path, 'edited');
    const verify = await r.run(['verify', '--full']);
    expect(verify.code).toBe(3);
    expect(verify.out + verify.err).toContain('OBJECT_CORRUPT');
  });

  it('a seal without --archive, or evidence added after the seal, still counts', async () => {
    const r = await overBudget();
    expect((await r.run(['seal', '--archive-id', 'plain-1'])).code).toBe(0);
    expect((await r.run(['evaluate', '--run'])).code).toBe(1);
    expect(lastRun(r)?.['status']).toBe('BLOCKED');
    // Archived, then filled again with new evidence: the budget blocks again.
    expect((await r.run(['seal', '--archive-id', 'budget-2', '--archive'])).code).toBe(0);
    for (let i = 0; i < 3; i++) await r.run(['evaluate', '--run']);
    expect(lastRun(r)?.['status']).toBe('BLOCKED');
  });
});
