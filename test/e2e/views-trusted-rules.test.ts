// Every view that says what is open decides with the rules `claim` decides with: the upstream
// branch's (its fork point), the --trust file's keys in place of the base's. After an unpushed
// commit that registers the agent's own key for the cross authority and self-audits, or that edits
// a control's command to `true`, `claim --scope project` refuses; readiness, next, query blockers
// and report must refuse too, with the same blockers, and print the same "rules:" line.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { actingAs, CROSS_AUDIT } from '../helpers/audit-argv.ts';
import { asAnotherClone } from '../helpers/other-clone.ts';
import { makeGateRepo, nodeArgv, registryYaml, type GateRepo } from '../helpers/gate-repo.ts';
import { pushToOrigin } from '../helpers/upstream-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const DEV = actingAs('virtual:developer', 'local:dev');
const QA = actingAs('virtual:quality', 'ci:1');
const OWNER = actingAs('virtual:release-owner', 'human:owner');
const RELEASE_AUDIT = ['audit', '--audit-stage', 'release_authority', '--review-run', 'latest'];

interface Blocker {
  control: string;
  stage: string;
  status: string;
  reason: string;
}
interface Rules {
  from: string;
  base?: string;
  changes: string[];
}

const key = (b: Blocker): string => `${b.control} [${b.stage}] ${b.status}: ${b.reason}`;
const keys = (blockers: readonly Blocker[]): string[] => blockers.map(key).sort();

function keyDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pg-keys-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

type Env = Record<string, string>;

/**
 * One control at engineering_ready (signed cross and release audits needed); the keys of the
 * auditor (virtual:quality) and of the release owner are on origin/main.
 */
async function publishedRepo(): Promise<{ r: GateRepo; auditor: Env; owner: Env }> {
  const r = makeGateRepo(
    [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('console.log("ran")')} }` }],
    { targetMaturity: 'engineering_ready', taskStages: '[self, cross]' },
  );
  cleanups.push(() => r.remove());
  const auditor = { PROOFGATE_KEY_DIR: keyDir() };
  await ok(r, ['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'], auditor);
  const owner = { PROOFGATE_KEY_DIR: keyDir() };
  await ok(r, ['authority', 'keys', 'generate', '--authority-id', 'virtual:release-owner'], owner);
  r.commit('the auditor and owner keys');
  cleanups.push(pushToOrigin(r));
  return { r, auditor, owner };
}

async function ok(r: GateRepo, args: string[], env: Record<string, string> = {}): Promise<void> {
  const result = await r.run(args, env);
  expect(result.code, `${args.join(' ')}: ${result.out}${result.err}`).toBe(0);
}

const pageOf = (r: GateRepo): string => `${r.dir}-audit.html`;

interface Claimed {
  granted: boolean;
  verdict: string;
  blockers: Blocker[];
  rules: Rules;
}

/**
 * `claim --scope project --no-record` and every view, with `extra` flags each: readiness (merge),
 * query blockers, next and report give its verdict, its blockers and its rules, and print its
 * "rules:" line. The claim's answer is returned.
 */
async function expectViewsAgreeWithClaim(
  r: GateRepo,
  rulesLine: RegExp,
  extra: string[] = [],
): Promise<Claimed> {
  cleanups.push(() => rmSync(pageOf(r), { force: true }));
  const claimed = await r.run(['claim', '--scope', 'project', '--no-record', '--json', ...extra]);
  expect([0, 1], claimed.out + claimed.err).toContain(claimed.code);
  const claim = JSON.parse(claimed.out) as Claimed;
  expect(claimed.code).toBe(claim.granted ? 0 : 1);
  const expected = keys(claim.blockers);
  const human = await r.run(['claim', '--scope', 'project', '--no-record', ...extra]);
  expect(human.out).toMatch(rulesLine);

  const readiness = await r.run(['status', '--readiness', '--json', ...extra]);
  const ready = JSON.parse(readiness.out) as {
    scopes: { scope: string; isReady: boolean; verdict: string; blockers: Blocker[] }[];
    rules: Rules;
  };
  const merge = ready.scopes.find((s) => s.scope === 'merge')!;
  expect(merge.isReady).toBe(claim.granted);
  expect(merge.verdict).toBe(claim.verdict);
  expect(keys(merge.blockers)).toEqual(expected);
  expect(ready.rules).toEqual(claim.rules);
  const readinessText = await r.run(['status', '--readiness', ...extra]);
  if (!claim.granted) {
    expect(readiness.code, readiness.out + readiness.err).toBe(1);
    expect(readinessText.out).toMatch(/^NOT READY merge/);
  }
  expect(readinessText.out).toMatch(rulesLine);

  const query = await r.run(['status', '--blockers', '--json', ...extra]);
  expect(query.code, query.err).toBe(0);
  const queried = JSON.parse(query.out) as { items: Blocker[]; rules: Rules };
  expect(keys(queried.items)).toEqual(expected);
  expect(queried.rules).toEqual(claim.rules);
  const queryText = await r.run(['status', '--blockers', ...extra]);
  expect(queryText.out).toContain(`blockers: ${claim.blockers.length} item(s)`);
  expect(queryText.out).toMatch(rulesLine);

  const nextRun = await r.run([
    'status',
    '--next',
    '--share',
    '0',
    '--top',
    '100',
    '--json',
    ...extra,
  ]);
  expect(nextRun.code, nextRun.err).toBe(0);
  const next = JSON.parse(nextRun.out) as {
    verdict: string;
    items: { id: string }[];
    rules: Rules;
  };
  expect(next.verdict).toBe(claim.verdict);
  expect(new Set(next.items.map((i) => i.id))).toEqual(
    new Set(claim.blockers.map((b) => b.control)),
  );
  expect(next.rules).toEqual(claim.rules);
  const nextText = await r.run(['status', '--next', ...extra]);
  if (!claim.granted) expect(nextText.out).not.toMatch(/^nothing to do/);
  expect(nextText.out).toMatch(rulesLine);

  const reported = await r.run(['report', '--html', pageOf(r), '--json', ...extra]);
  expect(reported.code, reported.err).toBe(0);
  const report = JSON.parse(reported.out) as {
    isReady: boolean;
    claims: string[];
    open: { scope: string; granted: boolean; blockers: Blocker[] }[];
    rules: Rules;
  };
  expect(report.isReady).toBe(claim.granted);
  expect(report.claims).toContain(claim.verdict);
  const project = report.open.find((o) => o.scope === 'project')!;
  expect(project.granted).toBe(claim.granted);
  expect(keys(project.blockers)).toEqual(expected);
  expect(report.rules).toEqual(claim.rules);
  const reportText = await r.run(['report', '--html', pageOf(r), ...extra]);
  expect(reportText.out.split('\n')[0]).toMatch(
    claim.granted ? /, project GRANTED,/ : /, project REFUSED \(\d+ blockers?\),/,
  );
  expect(reportText.out).toMatch(rulesLine);
  const html = readFileSync(pageOf(r), 'utf8');
  expect(html).toMatch(
    claim.granted
      ? /class="verdict v-ok" data-verdict="project" data-granted="true"/
      : /class="verdict v-no" data-verdict="project" data-granted="false"/,
  );
  expect(html).toContain('id="claim-rules"');
  return claim;
}

/** A release claim: readiness's release scope, query blockers, next and report give its answer. */
async function expectReleaseAgrees(r: GateRepo): Promise<void> {
  const claimed = await r.run(['claim', '--scope', 'release', '--no-record', '--json']);
  const claim = JSON.parse(claimed.out) as Claimed;
  expect(claimed.code).toBe(claim.granted ? 0 : 1);
  const ready = JSON.parse((await r.run(['status', '--readiness', '--json'])).out) as {
    scopes: { scope: string; isReady: boolean; verdict: string; blockers: Blocker[] }[];
  };
  const release = ready.scopes.find((s) => s.scope === 'release')!;
  expect([release.isReady, release.verdict]).toEqual([claim.granted, claim.verdict]);
  expect(keys(release.blockers)).toEqual(keys(claim.blockers));
  const query = await r.run(['status', '--blockers', '--scope', 'release', '--json']);
  expect(keys((JSON.parse(query.out) as { items: Blocker[] }).items)).toEqual(keys(claim.blockers));
  const next = await r.run([
    'status',
    '--next',
    '--scope',
    'release',
    '--share',
    '0',
    '--top',
    '100',
    '--json',
  ]);
  expect((JSON.parse(next.out) as { verdict: string }).verdict).toBe(claim.verdict);
  const report = await r.run(['report', '--html', pageOf(r), '--json']);
  const open = (JSON.parse(report.out) as { open: { scope: string; blockers: Blocker[] }[] }).open;
  expect(keys(open.find((o) => o.scope === 'release')!.blockers)).toEqual(keys(claim.blockers));
}

/** The agent: a key of its own for virtual:quality (unpushed), then a cross audit of its own run. */
async function selfAuditedRepo(): Promise<GateRepo> {
  const { r, owner } = await publishedRepo();
  const agent = { PROOFGATE_KEY_DIR: keyDir() };
  await ok(r, ['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'], agent);
  r.commit('my own auditor key');
  await ok(r, ['evaluate', '--run', ...DEV], agent);
  asAnotherClone(r.dir); // each auditor writes from a clone of its own
  await ok(r, [...CROSS_AUDIT, ...QA], agent);
  asAnotherClone(r.dir);
  await ok(r, [...RELEASE_AUDIT, ...OWNER], owner);
  return r;
}

const KEY_NOT_IN_EFFECT =
  /rules: from origin\/main .*\n +not in effect: authority virtual:quality changed/;

describe('the views decide with the rules claim decides with', () => {
  it('an unpushed commit registering the agent its own cross key: every view refuses as claim does', async () => {
    const r = await selfAuditedRepo();
    const claim = await expectViewsAgreeWithClaim(r, KEY_NOT_IN_EFFECT);
    expect(claim.granted).toBe(false);
    expect(claim.rules).toMatchObject({ from: 'base', base: 'origin/main' });
    expect(claim.blockers.map((b) => `${b.control} [${b.stage}]`)).toContain('tests [cross]');
    await expectReleaseAgrees(r);
    // A task: readiness --task previews `claim --control` under the same rules.
    const task = JSON.parse(
      (await r.run(['claim', '--control', 'tests', '--no-record', '--json'])).out,
    ) as Claimed;
    expect(task.granted).toBe(false);
    const byTask = await r.run([
      'status',
      '--readiness',
      '--task',
      'T-1',
      '--control',
      'tests',
      '--json',
    ]);
    expect(byTask.code).toBe(1);
    const scopes = (
      JSON.parse(byTask.out) as {
        scopes: { scope: string; verdict: string; blockers: Blocker[] }[];
      }
    ).scopes;
    const taskScope = scopes.find((s) => s.scope === 'task')!;
    expect(keys(task.blockers).join('\n')).toMatch(/^tests \[cross\] TODO: 1 cross result/m);
    expect(taskScope.verdict).toBe(task.verdict);
    expect(keys(taskScope.blockers)).toEqual(keys(task.blockers));
  });

  it("with --trust the file's keys replace the base's for claim and every view alike", async () => {
    const r = await selfAuditedRepo();
    // An auditor who trusts the new key: the trust file exported with it.
    const trust = join(keyDir(), 'app.trust.json');
    await ok(r, ['export', '--trust-root', '--out', trust]);
    const claim = await expectViewsAgreeWithClaim(
      r,
      /rules: from origin\/main \([0-9a-f]{12}\); the change alters none/,
      ['--trust', trust],
    );
    expect(claim.granted).toBe(true);
  });

  it("without an upstream every view says the rules are the working tree's own", async () => {
    const r = makeGateRepo(
      [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('console.log("ran")')} }` }],
      { targetMaturity: 'prototype' },
    );
    cleanups.push(() => r.remove());
    await ok(r, ['evaluate', '--run', ...DEV]);
    const own =
      /rules: this working tree's own \(no upstream branch: a key, authority or control change here counts unreviewed\)/;
    const claim = await expectViewsAgreeWithClaim(r, own);
    expect(claim.granted).toBe(false);
    expect(claim.rules.from).toBe('working');
  });

  it('a command edited to `true` in an unpushed commit: every view refuses as claim does', async () => {
    const { r, auditor, owner } = await publishedRepo();
    writeFileSync(
      join(r.dir, '.proofgate/controls/registry.yaml'),
      registryYaml([{ id: 'tests', execution: "{ type: command, argv: ['true'] }" }]),
    );
    r.commit('tests that always pass');
    await ok(r, ['evaluate', '--run', ...DEV], auditor);
    await ok(r, [...CROSS_AUDIT, ...QA], auditor);
    await ok(r, [...RELEASE_AUDIT, ...OWNER], owner);
    await expectViewsAgreeWithClaim(
      r,
      /rules: from origin\/main \([0-9a-f]{12}\); the change alters none/,
    );
  });
});
