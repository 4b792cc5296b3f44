// "What is open" has one answer. On a real git repository, through the verb dispatcher, the
// report, readiness, query blockers, next and claim name the same open items and the same refusal
// (they all come from one decision); when everything is granted they all say so; and on a
// tampered ledger none of them shows a verdict (exit 3).
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) {
    rmSync(pageOf(r), { force: true });
    r.remove();
  }
});

const WORKFLOW = `name: ci\non: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n`;
const AS_QUALITY = ['--authority-id', 'virtual:quality', '--execution-context', 'ci:review'];
const AS_OWNER = ['--authority-id', 'virtual:release-owner', '--execution-context', 'human:owner'];

interface Blocker {
  control: string;
  stage: string;
  status: string;
  reason: string;
}

/** Two passing controls at prototype (where label audits count), evaluated and cross-audited. */
async function auditedRepo(open: boolean): Promise<GateRepo> {
  const r = makeGateRepo(
    [
      { id: 'tests', execution: `{ type: command, argv: ${nodeArgv('0')} }` },
      { id: 'lint', execution: `{ type: command, argv: ${nodeArgv('0')} }` },
    ],
    { targetMaturity: 'prototype', files: { '.github/workflows/ci.yml': WORKFLOW } },
  );
  repos.push(r);
  if (open) {
    const plane = join(r.dir, '.proofgate', 'controls');
    // Efficacy is required for a release, and the `ci` workflow's result is release_required.
    appendFileSync(
      join(plane, 'manifest.yaml'),
      '  efficacy_required_for_release: true\nci_tiers:\n  ci: release_required\n',
    );
    // A requirement of `tests` with no risk: a traceability gap that blocks from prototype.
    const registry = join(plane, 'registry.yaml');
    writeFileSync(
      registry,
      readFileSync(registry, 'utf8').replace('requirements: []', 'requirements: [REQ-1]'),
    );
    r.commit('open release items');
  }
  expect((await r.run(['evaluate', '--run'])).code).toBe(0);
  const cross = await r.run([
    'audit',
    '--audit-stage',
    'cross',
    '--review-run',
    'latest',
    ...AS_QUALITY,
  ]);
  expect(cross.code, cross.err).toBe(0);
  // The release owner approves `tests` only when items are left open: `lint` misses its audit.
  const approve = open ? ['--control', 'tests'] : [];
  const release = await r.run([
    'audit',
    '--audit-stage',
    'release_authority',
    '--review-run',
    'latest',
    ...approve,
    ...AS_OWNER,
  ]);
  expect(release.code, release.err).toBe(0);
  return r;
}

/** The page is written beside the repository: a file inside it would change the code judged. */
const pageOf = (r: GateRepo): string => `${r.dir}-audit.html`;

const key = (b: Blocker): string => `${b.control} [${b.stage}] ${b.status}: ${b.reason}`;
const keys = (blockers: readonly Blocker[]): string[] => blockers.map(key).sort();

/** Every verb's answer to "what is open for a release", side by side. */
async function answers(r: GateRepo) {
  const claim = await r.run(['claim', '--scope', 'release', '--no-record', '--json']);
  const readiness = await r.run(['status', '--readiness', '--json']);
  const query = await r.run(['status', '--blockers', '--scope', 'release', '--json']);
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
  const report = await r.run(['report', '--html', pageOf(r), '--json']);
  const status = await r.run(['status', '--json']);
  return { claim, readiness, query, next, report, status };
}

describe('what is open has one answer', () => {
  it('open release items: report, readiness, query blockers, next and claim name the same set and the same refusal', async () => {
    const r = await auditedRepo(true);
    const a = await answers(r);
    expect(a.claim.code, a.claim.err).toBe(1);
    const claim = JSON.parse(a.claim.out) as {
      granted: boolean;
      verdict: string;
      blockers: Blocker[];
    };
    expect(claim.granted).toBe(false);
    // The fixture really has every kind of open release item the gate knows about.
    const reasons = claim.blockers.map(key).join('\n');
    expect(reasons).toMatch(/^lint \[release_authority\]/m);
    expect(reasons).toMatch(/^tests \[self\] TODO: efficacy unproven/m);
    expect(reasons).toMatch(/^lint \[self\] TODO: efficacy unproven/m);
    expect(reasons).toMatch(/^ci:ci \[/m);
    expect(reasons).toMatch(
      /^requirement:REQ-1 \[self\] TODO: traceability gap missing_risk REQ-1/m,
    );
    const expected = keys(claim.blockers);

    expect(a.readiness.code).toBe(1);
    const readiness = JSON.parse(a.readiness.out) as {
      scopes: { scope: string; isReady: boolean; verdict: string; blockers: Blocker[] }[];
    };
    const release = readiness.scopes.find((s) => s.scope === 'release')!;
    expect(release.isReady).toBe(false);
    expect(release.verdict).toBe(claim.verdict);
    expect(keys(release.blockers)).toEqual(expected);

    expect(a.query.code).toBe(0);
    expect(keys((JSON.parse(a.query.out) as { items: Blocker[] }).items)).toEqual(expected);

    expect(a.next.code).toBe(0);
    const next = JSON.parse(a.next.out) as { verdict: string; items: { id: string }[] };
    expect(next.verdict).toBe(claim.verdict);
    expect(new Set(next.items.map((i) => i.id))).toEqual(
      new Set(claim.blockers.map((b) => b.control)),
    );

    const report = JSON.parse(a.report.out) as {
      claims: string[];
      open: { scope: string; granted: boolean; blockers: Blocker[] }[];
    };
    const reported = report.open.find((o) => o.scope === 'release')!;
    expect(reported.granted).toBe(false);
    expect(keys(reported.blockers)).toEqual(expected);
    expect(report.claims).toContain(claim.verdict);
    // The page lists the same blockers under "if claimed now", and the headline refuses the release.
    const html = readFileSync(pageOf(r), 'utf8');
    const box = html.slice(html.indexOf('data-scope="release"'));
    for (const b of claim.blockers) expect(box).toContain(`<td>${b.control}</td>`);
    expect(html).toContain('class="verdict v-no" data-verdict="release" data-granted="false"');

    // The project scope agrees too (readiness merge = claim --scope project = query blockers).
    const project = JSON.parse(
      (await r.run(['claim', '--scope', 'project', '--no-record', '--json'])).out,
    ) as { verdict: string; blockers: Blocker[]; rules: unknown };
    const merge = readiness.scopes.find((s) => s.scope === 'merge')!;
    expect(merge.verdict).toBe(project.verdict);
    expect(keys(merge.blockers)).toEqual(keys(project.blockers));
    const queried = JSON.parse((await r.run(['status', '--blockers', '--json'])).out) as {
      items: Blocker[];
    };
    expect(keys(queried.items)).toEqual(keys(project.blockers));
    expect(keys(report.open.find((o) => o.scope === 'project')!.blockers)).toEqual(
      keys(project.blockers),
    );
    // status: every control's own result is PASS, yet it does not call the project done.
    const status = JSON.parse(a.status.out) as {
      ok: boolean;
      claimNow: { scope: string; granted: boolean; verdict: string; blockers: number };
    };
    expect(status.ok).toBe(true);
    const said = (await r.run(['status'])).out.split('\n');
    expect(said[0]).toMatch(/^READY .*, but a project claim now is refused$/);
    expect(said[1]).toBe(
      `  if claimed now: ${project.verdict} (${project.blockers.length} blockers: proofgate status --blockers)`,
    );
    expect(status.claimNow).toEqual({
      scope: 'project',
      granted: false,
      verdict: project.verdict,
      blockers: project.blockers.length,
      // No upstream here: the claim view says its rules are the working tree's own, as claim does.
      rules: project.rules,
    });
  });

  it('everything granted: all five say granted, with nothing open', async () => {
    const r = await auditedRepo(false);
    const a = await answers(r);
    expect(a.claim.code, a.claim.out).toBe(0);
    const claim = JSON.parse(a.claim.out) as { granted: boolean; verdict: string };
    expect(claim.granted).toBe(true);
    expect(a.readiness.code, a.readiness.out).toBe(0);
    const readiness = JSON.parse(a.readiness.out) as {
      scopes: { scope: string; isReady: boolean; verdict: string; blockers: unknown[] }[];
    };
    expect(readiness.scopes.map((s) => [s.scope, s.isReady, s.blockers.length])).toEqual([
      ['merge', true, 0],
      ['release', true, 0],
    ]);
    expect(readiness.scopes[1]!.verdict).toBe(claim.verdict);
    expect((JSON.parse(a.query.out) as { items: unknown[] }).items).toEqual([]);
    const next = JSON.parse(a.next.out) as { verdict: string; items: unknown[] };
    expect(next.verdict).toBe(claim.verdict);
    expect(next.items).toEqual([]);
    expect(a.report.code).toBe(0);
    const report = JSON.parse(a.report.out) as { open: { granted: boolean; blockers: [] }[] };
    expect(report.open.map((o) => [o.granted, o.blockers.length])).toEqual([
      [true, 0],
      [true, 0],
      [true, 0],
    ]);
    const html = readFileSync(pageOf(r), 'utf8');
    for (const scope of ['task', 'project', 'release'])
      expect(html).toContain(`class="verdict v-ok" data-verdict="${scope}" data-granted="true"`);
    expect(a.status.code).toBe(0);
    expect((JSON.parse(a.status.out) as { claimNow: { granted: boolean } }).claimNow.granted).toBe(
      true,
    );
  });

  it('a tampered ledger: every one of them exits 3 and none shows a green verdict', async () => {
    const r = await auditedRepo(false);
    const dir = join(r.dir, '.proofgate/evidence/ledger');
    const segment = r.git('ls-files', '--others', '--exclude-standard', dir).trim().split('\n')[0]!;
    const path = join(r.dir, segment);
    const text = readFileSync(path, 'utf8');
    expect(text).toContain('"status":"PASS"');
    writeFileSync(path, text.replace('"status":"PASS"', '"status":"FAIL"'));
    const a = await answers(r);
    for (const [verb, run] of Object.entries(a)) {
      expect(run.code, `${verb}: ${run.out}${run.err}`).toBe(3);
      expect(run.out, verb).not.toMatch(/COMPLETED|"granted":\s*true|"isReady":\s*true/);
    }
    const html = readFileSync(pageOf(r), 'utf8');
    expect(html).not.toMatch(/class="[^"]*\b(banner-ok|v-ok|st-pass)\b/);
  });
});
