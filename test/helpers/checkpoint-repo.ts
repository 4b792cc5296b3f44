// A gate repository tracking a bare upstream with three PASS runs of one control, committed and
// pushed, and a release authority's key (test/e2e/ledger-checkpoint.test.ts and the tests that
// measure or compare the checkpointed path): `checkpoint` seals it and commits the seal.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from './gate-repo.ts';
import { hookStopIn } from './hook-stop.ts';
import { pushToOrigin } from './upstream-repo.ts';

// Fails while the git-ignored file `flag` exists (outside the subject).
export const TESTS = {
  id: 'tests',
  execution: `{ type: command, argv: ${nodeArgv('console.log("ok", process.hrtime.bigint()); process.exit(require("fs").existsSync("flag") ? 1 : 0)')} }`,
};
export const RELEASE = 'virtual:release-owner';

export interface CheckpointRepo {
  r: GateRepo;
  env: Record<string, string>;
}

/**
 * Three PASS runs, committed and pushed; the release key registered before the push when
 * `keyFirst`. `cleanups` receives what removes the repository, its remote and the key directory.
 */
export async function pushedRepo(
  cleanups: (() => void)[],
  keyFirst = true,
): Promise<CheckpointRepo> {
  const r = makeGateRepo([TESTS], { files: { '.gitignore': 'flag\n' } });
  const keys = mkdtempSync(join(tmpdir(), 'pg-ckpt-keys-'));
  const env = { PROOFGATE_KEY_DIR: keys };
  const generate = async (): Promise<void> => {
    const out = await r.run(['authority', 'keys', 'generate', '--authority-id', RELEASE], env);
    expect(out.code, out.err).toBe(0);
  };
  if (keyFirst) await generate();
  for (let i = 0; i < 3; i++) expect((await r.run(['evaluate', '--run'])).code).toBe(0);
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'evidence');
  const removeRemote = pushToOrigin(r);
  cleanups.push(() => {
    r.remove();
    removeRemote();
    rmSync(keys, { recursive: true, force: true });
  });
  if (!keyFirst) {
    await generate();
    r.git('add', '-A');
    r.git('commit', '-q', '-m', 'register a release key (not pushed)');
  }
  return { r, env };
}

/** `seal --checkpoint` by `authority` (the release authority by default), committed. */
export async function checkpoint(repo: CheckpointRepo, authority = RELEASE): Promise<void> {
  const sealed = await repo.r.run(
    ['seal', '--archive-id', 'cp-1', '--checkpoint', '--authority-id', authority],
    repo.env,
  );
  expect(sealed.code, sealed.err).toBe(0);
  expect(sealed.out).toContain('checkpoint: ');
  repo.r.git('add', '-A');
  repo.r.git('commit', '-q', '-m', 'checkpoint');
}

export function ledgerDir(r: GateRepo): string {
  return join(r.dir, '.proofgate', 'evidence', 'ledger');
}

/** The segment the checkpoint covers (the first writer's, closed by the seal). */
export function coveredSegment(r: GateRepo): string {
  const name = readdirSync(ledgerDir(r)).find((f) => f.endsWith('.jsonl') && !/-g\d+\./.test(f));
  if (name === undefined) throw new Error('no covered segment');
  return join(ledgerDir(r), name);
}

export const CLAIM = ['claim', '--control', 'tests', '--no-record'];

export interface Verdict {
  verb: string;
  code: number;
  count: number | undefined;
}

/** Each verdict's exit code (the hook's block as 3) and the finding count it names. */
export async function verdicts(r: GateRepo): Promise<Verdict[]> {
  const found: Verdict[] = [];
  const count = (out: string): number | undefined => {
    try {
      const json = JSON.parse(out) as { error?: { findingCount?: number } };
      return json.error?.findingCount;
    } catch {
      return undefined;
    }
  };
  for (const args of [CLAIM, ['status'], ['status', '--readiness'], ['status', '--next']]) {
    const out = await r.run([...args, '--json']);
    found.push({ verb: args.join(' '), code: out.code, count: count(out.out) });
  }
  const stop = await hookStopIn(r.dir, '--control', 'tests');
  const counted = /\((\d+) findings?\)/.exec(stop.reason ?? '');
  found.push({
    verb: 'hook stop',
    code: stop.decision === 'block' ? 3 : 0,
    count: counted === null ? undefined : Number(counted[1]),
  });
  return found;
}

/** How `status` read the ledger (`status --json` `ledger`). */
export async function ledgerRead(r: GateRepo): Promise<unknown> {
  const out = await r.run(['status', '--json']);
  return (JSON.parse(out.out) as { ledger?: unknown }).ledger;
}
