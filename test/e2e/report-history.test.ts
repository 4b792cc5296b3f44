// An old granted claim on a real repository: the report names HEAD at the top, shows the claim as
// history "on older code, N commits behind" (never a green current verdict), gives its keys, and
// the status-over-time picture puts each result in the column of the code it judged.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { actingAs, crossAuditArgv } from '../helpers/audit-argv.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

const DEV = actingAs('virtual:developer', 'dev-1');
const PROTOTYPE = { targetMaturity: 'prototype' };
const at = (minute: number): string => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

async function claimedThenMoved(): Promise<GateRepo> {
  const r = makeGateRepo(
    [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('process.exit(0)')} }` }],
    PROTOTYPE,
  );
  repos.push(r);
  expect((await r.run(['evaluate', '--run', ...DEV], {}, at(1))).code).toBe(0);
  const audited = await r.run([...crossAuditArgv('qa-1')], {}, at(2));
  expect(audited.code, audited.out + audited.err).toBe(0);
  const claimed = await r.run(
    ['claim', '--scope', 'task', '--control', 'tests', ...DEV],
    {},
    at(3),
  );
  expect(claimed.code, claimed.out + claimed.err).toBe(0);
  r.commit('evidence and claim');
  // The agent moves on: two commits of new code, one run on the latest code only.
  r.write('src/app.js', 'export const x = 2;\n');
  r.commit('x = 2');
  r.write('src/app.js', 'export const x = 3;\n');
  r.commit('x = 3');
  expect((await r.run(['evaluate', '--run', ...DEV], {}, at(4))).code).toBe(0);
  r.commit('evidence');
  return r;
}

describe('report: an old claim is history, HEAD is named at the top', () => {
  test('the granted claim reads "on older code, 3 commits behind", grey, with its keys', async () => {
    const r = await claimedThenMoved();
    const file = join(r.dir, 'audit.html');
    const run = await r.run(['report', '--html', file, '--no-base'], {}, at(30));
    expect(run.code, run.out + run.err).toBe(0);
    const html = readFileSync(file, 'utf8');
    const head = r.git('rev-parse', 'HEAD').trim();
    expect(html).toMatch(new RegExp(`<p id="head-line" data-commit="${head}"`));
    expect(html).toContain('id="trust-statement"');
    // The claim was granted 3 commits before HEAD (the claim's commit, then x = 2, x = 3, evidence).
    const row = html.slice(
      html.indexOf('<tr data-claim='),
      html.indexOf('</tr>', html.indexOf('<tr data-claim=')),
    );
    expect(row).toMatch(
      /class="st st-old" data-status="COMPLETED" data-age="on older code, 3 commits behind \(commit [0-9a-f]{7}\)"/,
    );
    expect(row).not.toContain('st-pass');
    expect(row).toMatch(/<td class="mono keys"[^>]*>claim: unsigned; (self|cross): unsigned/);
    // The picture: the claim's code is a column with the claim marker; the new code another.
    const columns = [
      ...html.matchAll(/<text class="pa" [^>]*data-column="(\d+)" data-key="([0-9a-f]{40}|now)"/g),
    ];
    expect(columns.map((m) => m[2]).at(-1)).toBe('now');
    expect(columns).toHaveLength(3);
    expect(html).toMatch(/<g class="claim-mark" data-column="0" data-claims="1">/);
    expect(html).toMatch(
      /<g class="pc" data-control="tests" data-column="0" data-status="PASS" data-audits="cross">/,
    );
    expect(html).toMatch(
      /<g class="pc" data-control="tests" data-column="1" data-status="PASS"><title>tests · [0-9a-f]{7}: PASS: 1 result\(s\) on this code \(1 PASS\); latest: run PASS by dev \(virtual:developer\) at 2026-03-01T10:04:00.000Z, entry [0-9a-f]{12}<\/title>/,
    );
  });

  test('a claim on the code the controls bind now is not marked old', async () => {
    const r = makeGateRepo(
      [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('process.exit(0)')} }` }],
      PROTOTYPE,
    );
    repos.push(r);
    expect((await r.run(['evaluate', '--run', ...DEV], {}, at(1))).code).toBe(0);
    expect((await r.run([...crossAuditArgv('qa-1')], {}, at(2))).code).toBe(0);
    expect(
      (await r.run(['claim', '--scope', 'task', '--control', 'tests', ...DEV], {}, at(3))).code,
    ).toBe(0);
    r.commit('evidence and claim');
    const file = join(r.dir, 'audit.html');
    expect((await r.run(['report', '--html', file, '--no-base'], {}, at(30))).code).toBe(0);
    const html = readFileSync(file, 'utf8');
    expect(html).not.toContain('class="st st-old"');
    expect(html).toMatch(
      /<td class="st st-completed" data-status="COMPLETED" title="on the code the controls bind now">/,
    );
  });
});
