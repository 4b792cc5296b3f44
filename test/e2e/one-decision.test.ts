// "What is open" has one answer, in every state a plane goes through. On a real git repository,
// through the verb dispatcher: fresh, after a FAIL, FLAKY, a missing cross audit, a missing
// release approval (the project claim granted, the release claim refused), STALE, and an unproven
// stop the Stop hook let through. In each, the blockers of `claim --no-record` (project and
// release) are the ones status's claim view, `status --readiness`, `--blockers`, `--next` and the
// report's JSON name, and each verb's exit code follows from that one decision.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchCommand } from '../../scripts/cli.ts';
import { actingAs, CROSS_AUDIT } from '../helpers/audit-argv.ts';
import { createTestContext } from '../helpers/context.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';
import { stopPayloadFor } from '../helpers/hook-stop.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const DEV = actingAs('virtual:developer', 'local:dev');
const QA = actingAs('virtual:quality', 'ci:review');

interface Blocker {
  control: string;
  stage: string;
  status: string;
  reason: string;
}
interface Claimed {
  granted: boolean;
  verdict: string;
  blockers: Blocker[];
  warnings?: string[];
}

/** Control and cause, with the reason: the same scope names each blocker word for word. */
const full = (b: Blocker): string => `${b.control} [${b.stage}] ${b.status}: ${b.reason}`;
/** Control and cause: a blocker both claims name is one item of `next`. */
const cause = (b: Blocker): string => `${b.control} [${b.stage}] ${b.status}`;
const sorted = (keys: Iterable<string>): string[] => [...new Set(keys)].sort();

/**
 * Two controls at prototype (label audits count): `tests` fails while a marker file outside the
 * repository exists, so the code judged does not change. The project claim needs self and cross;
 * the release claim the release owner's approval too.
 */
function planeRepo(): { r: GateRepo; marker: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pg-onedec-'));
  const marker = join(dir, 'broken');
  const failing = `process.exit(require("node:fs").existsSync(process.argv[1]) ? 1 : 0)`;
  const r = makeGateRepo(
    [
      {
        id: 'tests',
        execution: `{ type: command, argv: [node, -e, ${JSON.stringify(failing)}, ${JSON.stringify(marker)}] }`,
      },
      { id: 'lint', execution: `{ type: command, argv: ${nodeArgv('0')} }` },
    ],
    { targetMaturity: 'prototype' },
  );
  cleanups.push(() => {
    r.remove();
    rmSync(dir, { recursive: true, force: true });
  });
  const manifest = join(r.dir, '.proofgate', 'controls', 'manifest.yaml');
  const text = readFileSync(manifest, 'utf8');
  const project = 'project: { required_stages: [self, cross, release_authority] }';
  expect(text).toContain(project);
  writeFileSync(manifest, text.replace(project, 'project: { required_stages: [self, cross] }'));
  r.commit('the project needs self and cross; a release the owner too');
  return { r, marker };
}

async function ran(r: GateRepo, args: string[]): Promise<void> {
  const result = await r.run(args);
  expect([0, 1], `${args.join(' ')}: ${result.out}${result.err}`).toContain(result.code);
}

/** One Stop event through the hook, as the agent's harness sends it. */
async function stop(r: GateRepo, active: boolean): Promise<{ decision?: string }> {
  const ctx = createTestContext({
    cwd: r.dir,
    stdin: stopPayloadFor(r.dir, { stop_hook_active: active }),
    env: { USER: 'dev' },
    now: new Date().toISOString(),
  });
  await dispatchCommand(['hook', 'stop', '--root', r.dir], ctx);
  return JSON.parse(ctx.stdout() || '{}') as { decision?: string };
}

const json = <T>(run: { out: string; err: string }): T => {
  try {
    return JSON.parse(run.out) as T;
  } catch {
    throw new Error(`not JSON: ${run.out}${run.err}`);
  }
};

/** Every verb's answer, checked against the claims'; the two claims are returned. */
async function expectOneAnswer(r: GateRepo): Promise<{ project: Claimed; release: Claimed }> {
  const claimRun = async (scope: string) => {
    const run = await r.run(['claim', '--scope', scope, '--no-record', '--json']);
    const claimed = json<Claimed>(run);
    expect(run.code, `claim --scope ${scope}: ${run.err}`).toBe(claimed.granted ? 0 : 1);
    return claimed;
  };
  const project = await claimRun('project');
  const release = await claimRun('release');
  const P = sorted(project.blockers.map(full));
  const R = sorted(release.blockers.map(full));

  const statusRun = await r.run(['status', '--json']);
  const status = json<{
    statuses: { status: string }[];
    claimNow: { granted: boolean; verdict: string; blockers: number };
  }>(statusRun);
  const allPass = status.statuses.every((s) => ['PASS', 'NOT_APPLICABLE'].includes(s.status));
  expect(statusRun.code).toBe(allPass ? 0 : 1);
  expect(status.claimNow).toMatchObject({
    granted: project.granted,
    verdict: project.verdict,
    blockers: project.blockers.length,
  });

  const readinessRun = await r.run(['status', '--readiness', '--json']);
  const readiness = json<{ scopes: { scope: string; isReady: boolean; blockers: Blocker[] }[] }>(
    readinessRun,
  );
  expect(readinessRun.code).toBe(project.granted && release.granted ? 0 : 1);
  const scope = (name: string) => readiness.scopes.find((s) => s.scope === name)!;
  expect([scope('merge').isReady, sorted(scope('merge').blockers.map(full))]).toEqual([
    project.granted,
    P,
  ]);
  expect([scope('release').isReady, sorted(scope('release').blockers.map(full))]).toEqual([
    release.granted,
    R,
  ]);

  for (const [flags, expected] of [
    [[], P],
    [['--scope', 'release'], R],
  ] as const) {
    const query = await r.run(['status', '--blockers', ...flags, '--json']);
    expect(query.code).toBe(0);
    expect(sorted(json<{ items: Blocker[] }>(query).items.map(full))).toEqual(expected);
  }

  // next, without --scope: what either claim refuses, each control and cause once, and nothing else
  // (this plane has no requirements and no hypotheses, so no knowledge-plane suggestion).
  const nextRun = await r.run(['status', '--next', '--share', '0', '--top', '100', '--json']);
  expect(nextRun.code).toBe(0);
  const next = json<{ items: { id: string; causes?: string[] }[]; verdicts: string[] }>(nextRun);
  expect(next.verdicts).toEqual([project.verdict, release.verdict]);
  expect(sorted(next.items.flatMap((i) => (i.causes ?? []).map((c) => `${i.id} ${c}`)))).toEqual(
    sorted([...project.blockers, ...release.blockers].map(cause)),
  );
  const text = (await r.run(['status', '--next'])).out;
  if (project.granted && release.granted) expect(text).toMatch(/^nothing to do/);
  else expect(text).not.toMatch(/^nothing to do/);

  const page = `${r.dir}-report.html`;
  cleanups.push(() => rmSync(page, { force: true }));
  const reportRun = await r.run(['report', '--html', page, '--json']);
  expect(reportRun.code, reportRun.err).toBe(0);
  const open = json<{ open: { scope: string; granted: boolean; blockers: Blocker[] }[] }>(
    reportRun,
  ).open;
  const reported = (name: string) => open.find((o) => o.scope === name)!;
  expect([reported('project').granted, sorted(reported('project').blockers.map(full))]).toEqual([
    project.granted,
    P,
  ]);
  expect([reported('release').granted, sorted(reported('release').blockers.map(full))]).toEqual([
    release.granted,
    R,
  ]);
  // The report's task is the Stop hook's with no task named: every required control, as a task
  // claim naming each of them decides it.
  const task = json<Claimed>(
    await r.run(['claim', '--control', 'tests', '--control', 'lint', '--no-record', '--json']),
  );
  expect(reported('task').granted).toBe(task.granted);
  return { project, release };
}

const stagesOf = (c: Claimed): string[] =>
  sorted(c.blockers.map((b) => `${b.status} [${b.stage}]`));

describe('every view answers "what is open" with the claim decision', () => {
  it('next names what a release claim refuses while the project claim is granted', async () => {
    const { r } = planeRepo();
    await ran(r, ['evaluate', '--run', ...DEV]);
    await ran(r, [...CROSS_AUDIT, ...QA]);
    const project = json<Claimed>(
      await r.run(['claim', '--scope', 'project', '--no-record', '--json']),
    );
    expect(project.granted).toBe(true);
    const release = json<Claimed>(
      await r.run(['claim', '--scope', 'release', '--no-record', '--json']),
    );
    expect(release.granted).toBe(false);
    const next = await r.run(['status', '--next']);
    expect(next.code).toBe(0);
    expect(next.out).not.toMatch(/^nothing to do/);
    expect(next.out).toMatch(/^top: control (tests|lint) \(TODO \[release_authority\]: /);
    expect(next.out).toContain(`if claimed now: ${release.verdict}`);
    // Asked for the project alone, next still says the project claim holds.
    expect((await r.run(['status', '--next', '--scope', 'project'])).out).toMatch(/^nothing to do/);
  });

  it('fresh, FAIL, FLAKY, no cross audit, no release approval, STALE, unproven stop: one answer', async () => {
    const { r, marker } = planeRepo();
    const seen: Record<string, { project: string[]; release: string[] }> = {};
    const state = async (name: string) => {
      const { project, release } = await expectOneAnswer(r);
      seen[name] = { project: stagesOf(project), release: stagesOf(release) };
      return { project, release };
    };

    await state('fresh');
    writeFileSync(marker, '');
    await ran(r, ['evaluate', '--run', ...DEV]);
    await state('fail');
    rmSync(marker);
    await ran(r, ['evaluate', '--run', ...DEV]);
    await state('flaky');
    await ran(r, ['evaluate', '--run', '--repeat', '2', ...DEV]);
    await state('no cross audit');
    await ran(r, [...CROSS_AUDIT, ...QA]);
    const approval = await state('no release approval');
    expect(approval.project.granted).toBe(true);
    r.write('src/app.js', 'export const x = 2;\n');
    r.commit('a change after the audits');
    await state('stale');
    // The hook blocks five stops on stale code, then lets one through unproven and records it.
    expect((await stop(r, false)).decision).toBe('block');
    for (let i = 2; i <= 5; i++) expect((await stop(r, true)).decision).toBe('block');
    expect((await stop(r, true)).decision).toBeUndefined();
    const unproven = await state('unproven stop');
    expect(unproven.project.warnings?.join('\n')).toMatch(/unproven/i);

    // The states really differ: each is a distinct kind of open item.
    expect(seen['fresh']!.project).toEqual(['TODO [cross]', 'TODO [self]']);
    expect(seen['fail']!.project).toContain('FAIL [self]');
    expect(seen['flaky']!.project).toContain('FLAKY [self]');
    expect(seen['no cross audit']!.project).toEqual(['TODO [cross]']);
    expect(seen['no release approval']).toEqual({
      project: [],
      release: ['TODO [release_authority]'],
    });
    expect(seen['stale']!.project).toContain('STALE [self]');
    expect(seen['unproven stop']).toEqual(seen['stale']);
  });
});
