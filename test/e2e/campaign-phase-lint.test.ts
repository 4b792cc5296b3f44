// Campaign phases and the read-only lint, ported from the peer's scenarios: `claim --campaign ID
// --phase ID` is granted only when every task of the phase is (one refused task refuses the phase
// and records nothing), and `campaign lint` checks a candidate file or the registered campaigns
// with exit 0/1/2 and never writes a ledger line.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';
import { tempDirsPerTest } from '../helpers/git-repo.ts';

const tempDir = tempDirsPerTest();
const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

const OWNER = ['--authority-id', 'virtual:release-owner', '--execution-context', 'local:e2e'];
const CAMPAIGN = (revision: number, extra = '') =>
  `id: c1\nrevision: ${revision}\ntitle: one\ncontrols: [unit, docs]\nexit_policy: { max_new_violations: 0, min_fixed: 0 }\nphases:\n  - id: p1\n    title: first\n    tasks:\n      - { id: t1, title: unit, controls: [unit] }\n      - { id: t2, title: docs, controls: [docs] }\n  - id: p2\n    title: second\n    tasks:\n      - { id: t3, title: again, controls: [unit] }\n${extra}`;

/** unit always passes; docs passes while the flag file (outside the repository) exists. */
function setup(): { r: GateRepo; flag: string } {
  const flag = join(tempDir('pg-flag-'), 'docs-ok');
  writeFileSync(flag, 'ok\n');
  const r = makeGateRepo(
    [
      { id: 'unit', execution: `{ type: command, argv: ${nodeArgv('process.exit(0)')} }` },
      {
        id: 'docs',
        execution: `{ type: command, argv: ${nodeArgv(`process.exit(require("fs").existsSync(${JSON.stringify(flag)}) ? 0 : 1)`)} }`,
      },
    ],
    { targetMaturity: 'prototype' },
  );
  repos.push(r);
  r.write('c.yaml', CAMPAIGN(1));
  r.commit('campaign file');
  return { r, flag };
}

const ledgerLines = (r: GateRepo): string[] => {
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) =>
      readFileSync(join(dir, f), 'utf8')
        .split('\n')
        .filter((l) => l !== ''),
    );
};
const claims = (r: GateRepo) => ledgerLines(r).filter((l) => l.includes('"kind":"claim"'));

describe('claim --campaign --phase', () => {
  it('refuses the phase when one task is refused, records nothing, then grants every task', async () => {
    const { r, flag } = setup();
    expect((await r.run(['campaign', 'register', '--file', 'c.yaml', ...OWNER])).code).toBe(0);
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    expect((await r.run(['claim', '--campaign', 'c1', '--task', 't1'])).code).toBe(0);
    rmSync(flag);
    expect((await r.run(['evaluate', '--run', '--control', 'docs'])).code).toBe(1);
    // The task alone still holds (nothing it covers changed since its granted claim) ...
    expect((await r.run(['claim', '--campaign', 'c1', '--task', 't1', '--no-record'])).code).toBe(
      0,
    );
    // ... but the phase is the whole of it: t2's docs FAIL refuses it, and nothing is appended.
    const before = claims(r).length;
    const phase = await r.run(['claim', '--campaign', 'c1', '--phase', 'p1']);
    expect(phase.out.split('\n')[0]).toBe(
      'REFUSED [phase] campaign c1 r1 phase p1: 1 of 2 tasks refused (t2)',
    );
    expect(phase.out).toContain('task t2:');
    expect(phase.code).toBe(1);
    expect(claims(r).length).toBe(before);

    // The docs fix lands as a change (a PASS right after a FAIL on one binding reads flaky).
    writeFileSync(flag, 'ok\n');
    r.write('docs.md', 'fixed\n');
    r.commit('docs fix');
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const granted = await r.run(['claim', '--campaign', 'c1', '--phase', 'p1', '--json']);
    expect(granted.code).toBe(0);
    const result = JSON.parse(granted.out) as {
      verdict: string;
      phase: { tasks: { task: string; granted: boolean; entry?: string }[] };
    };
    expect(result.verdict).toBe('COMPLETED [phase] campaign c1 r1 phase p1: 2 of 2 tasks');
    expect(result.phase.tasks.map((t) => [t.task, t.granted, typeof t.entry])).toEqual([
      ['t1', true, 'string'],
      ['t2', true, 'string'],
    ]);
    expect(claims(r).length).toBe(before + 2);
  });

  it('refuses an unknown phase and --task with --phase (exit 2)', async () => {
    const { r } = setup();
    expect((await r.run(['campaign', 'register', '--file', 'c.yaml', ...OWNER])).code).toBe(0);
    const unknown = await r.run(['claim', '--campaign', 'c1', '--phase', 'p9']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('has no phase p9');
    const both = await r.run(['claim', '--campaign', 'c1', '--phase', 'p1', '--task', 't1']);
    expect(both.code).toBe(2);
  });
});

describe('campaign lint', () => {
  it('checks a candidate without writing anything (exit 0), and names every finding (exit 1)', async () => {
    const { r } = setup();
    const ok = await r.run(['campaign', 'lint', 'c.yaml', '--phase', 'p1', '--task', 't2']);
    expect(ok.out.split('\n')[0]).toBe('CAMPAIGN_LINT_OK c.yaml: c1 r1 (2 phase(s), 3 task(s))');
    expect(ok.code).toBe(0);
    expect(ledgerLines(r)).toEqual([]);

    r.write('bad.yaml', CAMPAIGN(1).replace('controls: [unit, docs]', 'controls: [unit, nope]'));
    const bad = await r.run(['campaign', 'lint', 'bad.yaml', '--phase', 'p7', '--json']);
    expect(bad.code).toBe(1);
    const json = JSON.parse(bad.out) as {
      lint: { ok: boolean; findings: { code: string }[]; writes_performed: boolean };
    };
    expect(json.lint.writes_performed).toBe(false);
    expect(json.lint.findings.map((f) => f.code)).toContain('CAMPAIGN_SPEC_INVALID');
    expect(ledgerLines(r)).toEqual([]);
  });

  it('catches what register would refuse: a revision not above the registered one', async () => {
    const { r } = setup();
    expect((await r.run(['campaign', 'register', '--file', 'c.yaml', ...OWNER])).code).toBe(0);
    const lines = ledgerLines(r).length;
    const same = await r.run(['campaign', 'lint', 'c.yaml']);
    expect(same.code).toBe(1);
    expect(same.out).toContain('REVISION_NOT_HIGHER');
    r.write('c2.yaml', CAMPAIGN(2));
    expect((await r.run(['campaign', 'lint', 'c2.yaml'])).code).toBe(0);
    expect(ledgerLines(r).length).toBe(lines);
  });

  it('lints the registered campaigns: none, active, and drifted after a definition change', async () => {
    const { r } = setup();
    const none = await r.run(['campaign', 'lint']);
    expect(none.code).toBe(1);
    expect(none.out).toContain('ACTIVE_CAMPAIGN_MISSING');
    expect((await r.run(['campaign', 'register', '--file', 'c.yaml', ...OWNER])).code).toBe(0);
    const active = await r.run(['campaign', 'lint', '--phase', 'p2']);
    expect(active.out.split('\n')[0]).toMatch(/^CAMPAIGN_LINT_OK the registered campaigns: c1 r1/);
    expect(active.code).toBe(0);
    const registry = join(r.dir, '.proofgate', 'controls', 'registry.yaml');
    writeFileSync(
      registry,
      readFileSync(registry, 'utf8').replace('title: control unit', 'title: unit, renamed'),
    );
    const drifted = await r.run(['campaign', 'lint']);
    expect(drifted.code).toBe(1);
    expect(drifted.out).toContain('CAMPAIGN_DRIFTED c1: the definition of unit changed');
  });

  it('a file that is not YAML is an input error (exit 2)', async () => {
    const { r } = setup();
    r.write('broken.yaml', 'id: [unclosed\n');
    expect((await r.run(['campaign', 'lint', 'broken.yaml'])).code).toBe(2);
  });
});
