// With an upstream, verify, status and the report check append-only against it by default: a
// re-chained rewrite of unsigned history (one old entry changed, every later prev recomputed) is
// invisible to the chain rules and is found only this way. --no-base turns the comparison off.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';
import { rewriteAndRechain } from '../helpers/rechain.ts';

const repos: GateRepo[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function segmentFile(r: GateRepo): string {
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  const name = readdirSync(dir).find((f) => f.endsWith('.jsonl'));
  if (name === undefined) throw new Error('no segment');
  return join(dir, name);
}

/** A repository with three committed run entries, pushed to a bare remote it tracks. */
async function trackedRepo(): Promise<GateRepo> {
  const r = makeGateRepo([{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('1')} }` }]);
  repos.push(r);
  for (let i = 0; i < 3; i++) expect((await r.run(['evaluate', '--run'])).code).toBe(0);
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'evidence');
  const remote = mkdtempSync(join(tmpdir(), 'pg-remote-'));
  dirs.push(remote);
  r.git('init', '-q', '--bare', remote);
  r.git('remote', 'add', 'origin', remote);
  r.git('push', '-q', '-u', 'origin', 'HEAD:main');
  r.git('branch', '-q', '--set-upstream-to', 'origin/main');
  return r;
}

function forge(r: GateRepo): void {
  rewriteAndRechain(segmentFile(r), 0, (e) => {
    (e['body'] as Record<string, unknown>)['duration_ms'] = 1;
  });
}

describe('append-only against the upstream by default', () => {
  it('an intact ledger names the upstream and fork point it was compared with', async () => {
    const r = await trackedRepo();
    const fork = r.git('rev-parse', '--short=7', 'HEAD').trim();
    const verify = await r.run(['verify']);
    expect(verify.code).toBe(0);
    expect(verify.out.split('\n')[0]).toBe(
      `INTACT ledger: 3 lines in 1 segments checked, append-only against origin/main (fork point ${fork}), 0 findings`,
    );
    const status = await r.run(['status']);
    expect(status.out).toContain(`ledger: append-only against origin/main (fork point ${fork})`);
    expect((await r.run(['status', '--markdown'])).out).toContain(
      `Ledger append-only against \`origin/main\` (fork point \`${fork}\`).`,
    );
    const report = await r.run(['report', '--html', join(r.dir, 'r.html')]);
    expect(report.out).toContain(
      `ledger intact as far as this repository's own keys go (no --trust file), append-only against origin/main (fork point ${fork})`,
    );
    const json = JSON.parse((await r.run(['verify', '--json'])).out) as {
      upstream: { ref: string };
    };
    expect(json.upstream.ref).toBe('origin/main');
  });

  it('a re-chained rewrite of an old entry is found by verify, status and report', async () => {
    const r = await trackedRepo();
    forge(r);
    // The chain alone is consistent again: without the upstream, the ledger committed at HEAD
    // (which verify always proves, like every verdict) still sees the rewrite.
    const noBase = await r.run(['verify', '--no-base']);
    expect(noBase.code).toBe(3);
    expect(noBase.out).toMatch(/jsonl:1: HISTORY_REWRITTEN .*committed at HEAD/);
    expect(noBase.out).not.toContain('origin/main');
    const verify = await r.run(['verify']);
    expect(verify.code).toBe(3);
    expect(verify.out).toMatch(/jsonl:1: HISTORY_REWRITTEN .*origin\/main \(fork point/);
    const status = await r.run(['status']);
    expect(status.code).toBe(3);
    expect(status.err).toContain('HISTORY_REWRITTEN');
    expect(status.err).toContain('origin/main');
    // Without the upstream, the ledger committed at HEAD still catches the rewrite of a committed
    // line (every verdict proves the working ledger extends it).
    const local = await r.run(['status', '--no-base']);
    expect(local.code).toBe(3);
    expect(local.err).not.toContain('origin/main');
    const html = join(r.dir, 'report.html');
    const report = await r.run(['report', '--html', html]);
    expect(report.code).toBe(3);
    expect(readFileSync(html, 'utf8')).toContain('HISTORY_REWRITTEN');
    // The report also proves the ledger committed at HEAD, with or without the upstream.
    expect((await r.run(['report', '--html', html, '--no-base'])).code).toBe(3);
  });

  it('one byte changed in line 6: the edited line, its successor and the upstream all say so', async () => {
    const r = await trackedRepo();
    for (let i = 0; i < 5; i++) expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    r.git('commit', '-q', '-am', 'more evidence');
    r.git('push', '-q', 'origin', 'HEAD:main');
    const file = segmentFile(r);
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[5] = lines[5]!.replace('"time":"2', '"time":"1'); // a date in the past: only the edit
    writeFileSync(file, lines.join('\n'));
    const verify = await r.run(['verify']);
    expect(verify.code).toBe(3);
    const where = verify.out
      .split('\n')
      .filter((l) => l.startsWith('.proofgate/'))
      .map((l) => l.replace(/^.*\.jsonl:(\d+): ([A-Z_]+) .*$/, '$1 $2'));
    expect(where).toEqual(['6 HISTORY_REWRITTEN', '6 LINE_EDITED', '7 PREV_MISMATCH']);
  });

  it('a branch that is only behind its upstream is not reported', async () => {
    const r = await trackedRepo();
    // The upstream moves on with a rewritten ledger of its own; this branch still forks before it.
    forge(r);
    r.git('commit', '-q', '-am', 'upstream rewrote');
    r.git('push', '-q', 'origin', 'HEAD:main');
    r.git('reset', '-q', '--hard', 'HEAD~1');
    r.git('fetch', '-q', 'origin');
    expect((await r.run(['verify'])).code).toBe(0);
  });

  it('without an upstream nothing extra is checked or claimed', async () => {
    const r = makeGateRepo([
      { id: 'tests', execution: `{ type: command, argv: ${nodeArgv('1')} }` },
    ]);
    repos.push(r);
    await r.run(['evaluate', '--run']);
    const verify = await r.run(['verify']);
    expect(verify.code).toBe(0);
    expect(verify.out).not.toContain('append-only');
  });
});
