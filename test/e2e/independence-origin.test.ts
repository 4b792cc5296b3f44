// Every entry states where it was written (actor.origin: clone id, host). A key-signed cross
// audit written from the clone of the run it reviews shows nobody else acted: the auditor's key
// was usable where the developer works. From engineering_ready up it does not count; from another
// clone it counts, with the same host said. A signed result says what is known of its signer
// instead of "not held by the actor".
import { readFileSync, readdirSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { actingAs, CROSS_AUDIT } from '../helpers/audit-argv.ts';
import { runCli } from '../helpers/cli.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';
import { openRepo, tempDirsPerTest, type TestRepo } from '../helpers/git-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const DEV = actingAs('virtual:developer', 'local:dev');
const QA = actingAs('virtual:quality', 'ci:1');
const KEYGEN = ['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'];
const SAME_CLONE =
  /cross audit written from the same clone \([0-9a-f]{8}\) as the run it reviews: not independent/;
const OWN_CLONE_KEY = "key registered from the developer's own clone";

const tempDir = tempDirsPerTest();

function repo(
  targetMaturity: string,
  taskStages = '[self, cross]',
): { r: GateRepo; env: Record<string, string> } {
  const r = makeGateRepo(
    [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('1')} }` }],
    { targetMaturity, taskStages },
  );
  cleanups.push(() => r.remove());
  return { r, env: { PROOFGATE_KEY_DIR: tempDir('pg-keys-') } };
}

/** A second clone of `r` (its own .git, hence its own clone id and segment). */
/**
 * The auditor registers a key in a clone of their own (the developer merges it), the developer
 * runs, and the auditor's signed cross audit of that run is merged back: an audit that counts.
 */
async function crossFromAnotherClone(
  r: GateRepo,
  env: Record<string, string>,
): Promise<{ auditorEnv: Record<string, string> }> {
  const auditor = secondClone(r);
  const auditorEnv = { PROOFGATE_KEY_DIR: tempDir('pg-auditor-keys-') };
  expect(pg(auditor.dir, KEYGEN, auditorEnv).code).toBe(0);
  auditor.commit('register the auditor key');
  r.git('pull', '-q', '--no-rebase', auditor.dir, 'main');
  expect((await r.run(['evaluate', '--run', ...DEV], env)).code).toBe(0);
  r.commit('self run');
  auditor.git('pull', '-q', '--no-rebase', r.dir, 'main');
  const audit = pg(auditor.dir, [...CROSS_AUDIT, ...QA], auditorEnv);
  expect(audit.code).toBe(0);
  expect(audit.stdout).not.toMatch(SAME_CLONE);
  auditor.commit('cross audit');
  r.git('pull', '-q', '--no-rebase', auditor.dir, 'main');
  return { auditorEnv };
}

function secondClone(r: GateRepo): TestRepo {
  const dir = join(tempDir('pg-clone-'), 'c');
  openRepo(tmpdir()).git('clone', '-q', r.dir, dir);
  return openRepo(dir);
}

const pg = (dir: string, args: string[], env: Record<string, string>) =>
  runCli([...args, '--root', dir], env);

const claim = (r: GateRepo, env: Record<string, string>) =>
  pg(r.dir, ['claim', '--control', 'tests', '--no-record'], env);

/** Each ledger line's actor, read from the files as committed. */
function actors(dir: string): { origin?: { clone: string; host: string }; authority: string }[] {
  const ledger = join(dir, '.proofgate', 'evidence', 'ledger');
  return readdirSync(ledger).flatMap((f) =>
    readFileSync(join(ledger, f), 'utf8')
      .trim()
      .split('\n')
      .map(
        (l) =>
          (
            JSON.parse(l) as {
              actor: { origin?: { clone: string; host: string }; authority: string };
            }
          ).actor,
      ),
  );
}

describe('where an entry was written', () => {
  it('every new entry records its clone id and host', async () => {
    const { r, env } = repo('prototype');
    expect((await r.run(['evaluate', '--run', ...DEV], env)).code).toBe(0);
    const run = actors(r.dir).find((a) => a.authority === 'virtual:developer');
    const clone = readFileSync(join(r.dir, '.git', 'proofgate', 'clone-id'), 'utf8').split('\n')[0];
    expect(run?.origin).toEqual({ clone, host: hostname() });
    expect(pg(r.dir, ['verify'], env).code).toBe(0);
  });
});

describe("a key-signed cross audit from the developer's own clone", () => {
  it('is flagged and does not count at engineering_ready; the claim names it', async () => {
    const { r, env } = repo('engineering_ready');
    expect((await r.run(KEYGEN, env)).code).toBe(0);
    r.commit('auditor key');
    expect((await r.run(['evaluate', '--run', ...DEV], env)).code).toBe(0);
    // The auditor's key sits in the developer's environment: the audit is signed, labels differ.
    const audit = await r.run([...CROSS_AUDIT, ...QA], env);
    expect(audit.code).toBe(0);
    expect(audit.out).toMatch(SAME_CLONE);
    expect(audit.out).toContain('it does not count from engineering_ready up');
    r.commit('evidence');
    const result = claim(r, env);
    expect(result.stdout).toMatch(/^REFUSED \[task\]/);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('do not count at engineering_ready');
    expect(result.stdout).toMatch(SAME_CLONE);
    // Auditing again from this clone cannot help: the next step says where to audit from.
    expect(result.stdout).toMatch(
      /next: from a clone other than [0-9a-f]{8} \(or in CI with --sign sigstore\): proofgate audit --audit-stage cross/,
    );
    const status = pg(r.dir, ['status'], env);
    expect(status.stdout).toMatch(SAME_CLONE);
    expect(`${result.stdout}${status.stdout}`).not.toContain('not held by the actor');
  });

  it('at prototype it counts, with the finding as a warning', async () => {
    const { r, env } = repo('prototype');
    expect((await r.run(KEYGEN, env)).code).toBe(0);
    r.commit('auditor key');
    expect((await r.run(['evaluate', '--run', ...DEV], env)).code).toBe(0);
    expect((await r.run([...CROSS_AUDIT, ...QA], env)).code).toBe(0);
    r.commit('evidence');
    const result = claim(r, env);
    expect(result.stdout).toMatch(/^COMPLETED \[task\]/);
    expect(result.stdout).toMatch(
      /warning: \[cross\] cross audit written from the same clone.* \(tests\)$/m,
    );
    expect(result.stdout).toContain(OWN_CLONE_KEY);
  });
});

describe('a key-signed cross audit from another clone', () => {
  it('counts at engineering_ready and says whose key, registered where', async () => {
    const { r, env } = repo('engineering_ready');
    await crossFromAnotherClone(r, env);

    const result = claim(r, env);
    expect(result.stdout).toMatch(/^COMPLETED \[task\]/);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /cross: 1 signed by key [0-9a-f]{12}… registered by t in commit [0-9a-f]{7}/,
    );
    expect(result.stdout).not.toMatch(SAME_CLONE);
    expect(result.stdout).not.toContain(OWN_CLONE_KEY);
    // Same machine, other clone: said, not refused.
    expect(result.stdout).toContain(`written from the same host (${hostname()})`);
    expect(result.stdout).not.toContain('not held by the actor');
  });

  it('after a code change, a same-clone audit over a stale counted one says where to audit from', async () => {
    const { r, env } = repo('engineering_ready');
    const { auditorEnv } = await crossFromAnotherClone(r, env);
    expect(claim(r, env).code).toBe(0);
    // the code changes: the counted cross audit is stale, and the developer, whose machine also
    // holds the auditor's key, audits from their own clone as the first next: line says
    r.write('src.txt', 'changed\n');
    r.commit('a change');
    expect((await r.run(['evaluate', '--run', ...DEV], env)).code).toBe(0);
    expect((await r.run([...CROSS_AUDIT, ...QA], auditorEnv)).code).toBe(0);
    r.commit('evidence');
    const result = claim(r, env);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(SAME_CLONE);
    // auditing again here cannot help: the way on names another clone, not the same command
    expect(result.stdout).toMatch(
      /next: from a clone other than [0-9a-f]{8} \(or in CI with --sign sigstore\): proofgate audit --audit-stage cross/,
    );
    expect(result.stdout).toContain('the last that counts: no result for the current code');
  });

  it("a key whose key entry came from the developer's clone is labelled so", async () => {
    const { r, env } = repo('engineering_ready');
    expect((await r.run(KEYGEN, env)).code).toBe(0);
    r.commit('auditor key, generated by the developer');
    expect((await r.run(['evaluate', '--run', ...DEV], env)).code).toBe(0);
    r.commit('self run');
    const auditor = secondClone(r);
    expect(pg(auditor.dir, [...CROSS_AUDIT, ...QA], env).code).toBe(0);
    auditor.commit('cross audit');
    r.git('pull', '-q', '--no-rebase', auditor.dir, 'main');
    const status = pg(r.dir, ['status'], env);
    expect(status.stdout).toMatch(/cross: PASS by virtual:quality, signed by key [0-9a-f]{12}…/);
    expect(status.stdout).toContain(OWN_CLONE_KEY);
    expect(status.stdout).not.toMatch(SAME_CLONE);
  });

  it("a release audit from the run's clone is refused even when the cross audit between came from elsewhere", async () => {
    const { r, env } = repo('engineering_ready', '[self, cross, release_authority]');
    const owner = { PROOFGATE_KEY_DIR: tempDir('pg-owner-keys-') };
    expect((await r.run(KEYGEN, env)).code).toBe(0);
    expect(
      (
        await r.run(
          ['authority', 'keys', 'generate', '--authority-id', 'virtual:release-owner'],
          owner,
        )
      ).code,
    ).toBe(0);
    r.commit('keys, release stage');
    expect((await r.run(['evaluate', '--run', ...DEV], env)).code).toBe(0);
    r.commit('self run');
    const auditor = secondClone(r);
    expect(pg(auditor.dir, [...CROSS_AUDIT, ...QA], env).code).toBe(0);
    auditor.commit('cross audit');
    r.git('pull', '-q', '--no-rebase', auditor.dir, 'main');
    const release = ['audit', '--audit-stage', 'release_authority', '--review-run', 'latest'];
    const owned = await r.run([...release, ...actingAs('virtual:release-owner', 'rel:1')], owner);
    expect(owned.code, owned.out + owned.err).toBe(0);
    r.commit('release audit');
    const result = claim(r, env);
    expect(result.stdout).toMatch(/^REFUSED \[task\]/);
    expect(result.stdout).toMatch(
      /release_authority audit written from the same clone \([0-9a-f]{8}\) as the run it reviews: not independent/,
    );
  });
});
