// The report verb on a real repository and ledger: the same statuses as statusFlow over the real
// GateIO, and a tampered ledger gives the banner with file:line and exit 3.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { IntegrityError } from '../../scripts/lib/core/errors.ts';
import { auditFlow } from '../../scripts/lib/flows/audit/audit-flow.ts';
import { evaluateRun } from '../../scripts/lib/flows/run/evaluate-flow.ts';
import { statusFlow } from '../../scripts/lib/flows/views/status-flow.ts';
import { openWorld } from '../../scripts/lib/cli/world/open-world.ts';
import { runCli } from '../helpers/cli.ts';
import { createTestContext } from '../helpers/context.ts';
import { cleanUpRepos, track } from '../helpers/plane-repo.ts';
import { makeRepo, type TestRepo } from '../helpers/git-repo.ts';
import { manifestYaml } from '../helpers/manifest-fixture.ts';

cleanUpRepos();

const control = (id: string, argv: string[], inputs: string) => `  - id: ${id}
    title: ${id} check
    owner: virtual:developer
    requirements: [REQ-1]
    risks: [RISK-1]
    applies: { value: true }
    required_from_maturity: prototype
    execution: { type: command, argv: [${argv.join(', ')}] }
    inputs: ['${inputs}']
    evidence_required: [command output]
`;

async function passingRepo(): Promise<TestRepo> {
  const repo = track(
    makeRepo({
      'src/a/a.ts': 'export const a = 1;\n',
      'src/b/b.ts': 'export const b = 1;\n',
      '.proofgate/controls/manifest.yaml': manifestYaml(),
      '.proofgate/controls/registry.yaml': `version: 1\ncontrols:\n${control('A', ['node', '-e', "'0'"], 'src/a/**')}${control('B', ['node', '-e', "'0'"], 'src/b/**')}`,
    }),
  );
  const ctx = createTestContext({ cwd: repo.dir, now: '2026-03-01T10:00:00.000Z' });
  const io = openWorld(ctx);
  const actor = { label: 'agent', authority: 'virtual:developer', context: 'dev-1' };
  await evaluateRun(
    { root: repo.dir, controls: [], actor, authorize: [], jobs: 2, dryRun: false },
    ctx,
    io,
  );
  await auditFlow(
    {
      root: repo.dir,
      stage: 'cross',
      review: 'latest',
      controls: [],
      actor: { label: 'qa', authority: 'virtual:quality', context: 'qa-1' },
      authorize: [],
      jobs: 2,
    },
    ctx,
    io,
  );
  return repo;
}

const report = (repo: TestRepo) =>
  runCli(['report', '--root', repo.dir, '--html', join(repo.dir, 'out.html')], {
    PROOFGATE_NOW: '2026-03-01T12:00:00.000Z',
  });

describe('proofgate report on a real ledger', () => {
  test('intact ledger, one STALE control: the page shows what status computes, exit 0', async () => {
    const repo = await passingRepo();
    repo.write('src/b/b.ts', 'export const b = 2;\n');
    // The verdict's clock is after the entries (an earlier one finds them dated in the future).
    const ctx = createTestContext({ cwd: repo.dir, now: '2026-03-01T12:00:00.000Z' });
    const status = await statusFlow({ root: repo.dir, controls: [] }, ctx, openWorld(ctx));
    expect(status.statuses.map((s) => [s.control, s.status])).toEqual([
      ['A', 'PASS'],
      ['B', 'STALE'],
    ]);
    const run = report(repo);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toMatch(
      /^REPORT .*out\.html \(\d+ KB, 4 entries\): ledger intact as far as this repository's own keys go \(no --trust file\); task REFUSED \(\d+ blockers?\), project REFUSED \(\d+ blockers?\), release REFUSED \(\d+ blockers?\)$/,
    );
    const html = readFileSync(join(repo.dir, 'out.html'), 'utf8');
    for (const s of status.statuses)
      expect(html).toContain(`data-control="${s.control}" data-status="${s.status}"`);
    // No --trust file: intact only as far as the repository's own keys go, never the all-clear.
    expect(html).toContain('id="integrity" class="banner banner-own"');
    expect(html).toContain('data-requirement="REQ-1"');
    // No claim scope of this plane requires third_party: its cells say so instead of TODO.
    expect(html.match(/data-status="NOT_REQUIRED"/g)).toHaveLength(2);
    expect(html).not.toMatch(/title="no third_party audit yet"/);
    // The code each entry judged is named as the commit it was evaluated on.
    const head = repo.git('rev-parse', '--short=7', 'HEAD').trim();
    expect(html).toMatch(new RegExp(`<td class="mono">tree [0-9a-f]{8} = commit ${head}</td>`));
    const json = runCli(
      ['report', '--root', repo.dir, '--html', join(repo.dir, 'o.html'), '--json'],
      { PROOFGATE_NOW: '2026-03-01T12:00:00.000Z' },
    );
    expect(JSON.parse(json.stdout)).toMatchObject({
      isIntact: true,
      isReady: false,
      entries: 4,
      counts: { PASS: 1, STALE: 1 },
    });
  });

  test('a tampered ledger: status refuses, the report shows the red banner with file:line, exit 3', async () => {
    const repo = await passingRepo();
    const dir = join(repo.dir, '.proofgate/evidence/ledger');
    const segment = repo
      .git('ls-files', '--others', '--exclude-standard', dir)
      .trim()
      .split('\n')[0]!;
    const path = join(repo.dir, segment);
    writeFileSync(path, readFileSync(path, 'utf8').replace('"status":"PASS"', '"status":"FAIL"'));
    const ctx = createTestContext({ cwd: repo.dir });
    await expect(
      statusFlow({ root: repo.dir, controls: [] }, ctx, openWorld(ctx)),
    ).rejects.toBeInstanceOf(IntegrityError);
    const run = report(repo);
    expect(run.code).toBe(3);
    expect(run.stdout.split('\n')[0]).toMatch(
      /^TAMPERED .*LEDGER TAMPERED: \d+ integrity findings/,
    );
    // No verdict is printed as if a claim could be decided on this ledger.
    expect(run.stdout).not.toMatch(/if claimed now: (PASS|COMPLETED)/);
    expect(run.stdout).toContain('if claimed now: REFUSED [project] the ledger does not verify');
    const html = readFileSync(join(repo.dir, 'out.html'), 'utf8');
    const banner = html.indexOf('class="banner banner-tampered"');
    expect(banner).toBeGreaterThan(0);
    expect(banner).toBeLessThan(html.indexOf('<main>'));
    // Line 1 was edited: the prev of line 2 no longer matches its hash.
    expect(html).toContain(`<li>${segment}:2: PREV_MISMATCH `);
  });

  test('--html is required; a bad --max-entries is a usage error', () => {
    const repo = track(makeRepo({ 'a.txt': 'a\n' }));
    expect(runCli(['report', '--root', repo.dir]).code).toBe(2);
    expect(
      runCli(['report', '--root', repo.dir, '--html', 'x.html', '--max-entries', '-1']).code,
    ).toBe(2);
  });
});
