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
    { targetMaturity: 'engineering_ready' },
  );
  cleanups.push(() => r.remove());
  const auditor = { PROOFGATE_KEY_DIR: keyDir() };
  await ok(r, ['keys', 'generate', '--authority-id', 'virtual:quality'], auditor);
  const owner = { PROOFGATE_KEY_DIR: keyDir() };
  await ok(r, ['keys', 'generate', '--authority-id', 'virtual:release-owner'], owner);
  r.commit('the auditor and owner keys');
  cleanups.push(pushToOrigin(r));
  return { r, auditor, owner };
}

async function ok(r: GateRepo, args: string[], env: Record<string, string> = {}): Promise<void> {
  const result = await r.run(args, env);
  expect(result.code, `${args.join(' ')}: ${result.out}${result.err}`).toBe(0);
}

const pageOf = (r: GateRepo): string => `${r.dir}-audit.html`;

/** claim --scope project refuses; every view says not ready, with its blockers and rules line. */
async function expectViewsAgreeWithClaim(r: GateRepo, rulesLine: RegExp): Promise<void> {
  cleanups.push(() => rmSync(pageOf(r), { force: true }));
  const claimed = await r.run(['claim', '--scope', 'project', '--no-record', '--json']);
  expect(claimed.code, claimed.out + claimed.err).toBe(1);
  const claim = JSON.parse(claimed.out) as {
    granted: boolean;
    verdict: string;
    blockers: Blocker[];
    rules: Rules;
  };
  expect(claim.granted).toBe(false);
  expect(claim.rules).toMatchObject({ from: 'base', base: 'origin/main' });
  expect(claim.blockers.length).toBeGreaterThan(0);
  const expected = keys(claim.blockers);
  const human = await r.run(['claim', '--scope', 'project', '--no-record']);
  expect(human.out).toMatch(rulesLine);

  const readiness = await r.run(['readiness', '--json']);
  expect(readiness.code, readiness.out + readiness.err).toBe(1);
  const ready = JSON.parse(readiness.out) as {
    scopes: { scope: string; isReady: boolean; verdict: string; blockers: Blocker[] }[];
    rules: Rules;
  };
  const merge = ready.scopes.find((s) => s.scope === 'merge')!;
  expect(merge.isReady).toBe(false);
  expect(merge.verdict).toBe(claim.verdict);
  expect(keys(merge.blockers)).toEqual(expected);
  expect(ready.rules).toEqual(claim.rules);
  const readinessText = await r.run(['readiness']);
  expect(readinessText.out).toMatch(/^NOT READY merge/);
  expect(readinessText.out).toMatch(rulesLine);

  const query = await r.run(['query', 'blockers', '--json']);
  expect(query.code, query.err).toBe(0);
  const queried = JSON.parse(query.out) as { items: Blocker[]; rules: Rules };
  expect(keys(queried.items)).toEqual(expected);
  expect(queried.rules).toEqual(claim.rules);
  const queryText = await r.run(['query', 'blockers']);
  expect(queryText.out).toContain(`blockers: ${claim.blockers.length} item(s)`);
  expect(queryText.out).toMatch(rulesLine);

  const nextRun = await r.run(['next', '--share', '0', '--top', '100', '--json']);
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
  const nextText = await r.run(['next']);
  expect(nextText.out).not.toMatch(/^nothing to do/);
  expect(nextText.out).toMatch(rulesLine);

  const reported = await r.run(['report', '--html', pageOf(r), '--json']);
  expect(reported.code, reported.err).toBe(0);
  const report = JSON.parse(reported.out) as {
    isReady: boolean;
    claims: string[];
    open: { scope: string; granted: boolean; blockers: Blocker[] }[];
    rules: Rules;
  };
  expect(report.isReady).toBe(false);
  expect(report.claims).toContain(claim.verdict);
  const project = report.open.find((o) => o.scope === 'project')!;
  expect(project.granted).toBe(false);
  expect(keys(project.blockers)).toEqual(expected);
  expect(report.rules).toEqual(claim.rules);
  const reportText = await r.run(['report', '--html', pageOf(r)]);
  expect(reportText.out.split('\n')[0]).toMatch(/; NOT READY$/);
  expect(reportText.out).toMatch(rulesLine);
  const html = readFileSync(pageOf(r), 'utf8');
  expect(html).toMatch(/id="status-verdict" class="verdict v-no"/);
  expect(html).toContain('id="claim-rules"');
}

describe('the views decide with the rules claim decides with', () => {
  it('an unpushed commit registering the agent its own cross key: every view refuses as claim does', async () => {
    const { r, owner } = await publishedRepo();
    // The agent: a key of its own for virtual:quality, then a cross audit of its own run.
    const agent = { PROOFGATE_KEY_DIR: keyDir() };
    await ok(r, ['keys', 'generate', '--authority-id', 'virtual:quality'], agent);
    r.commit('my own auditor key');
    await ok(r, ['evaluate', '--run', ...DEV], agent);
    await ok(r, [...CROSS_AUDIT, ...QA], agent);
    await ok(r, [...RELEASE_AUDIT, ...OWNER], owner);
    await expectViewsAgreeWithClaim(
      r,
      /rules: from origin\/main .*\n +not in effect: authority virtual:quality changed/,
    );
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
