// A control definition changed since the base is listed by `claim --base`, and a project claim
// needs the release authority's approval of exactly that definition (by digest), through the bundle
// on a real git repository.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { makeGateRepo, nodeArgv, registryYaml, type GateRepo } from '../helpers/gate-repo.ts';

const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

const RO = ['--authority-id', 'virtual:release-owner', '--execution-context', 'local:owner'];
const QA = ['--authority-id', 'virtual:quality', '--execution-context', 'local:qa'];

function setRegistry(r: GateRepo, script: string): void {
  writeFileSync(
    join(r.dir, '.proofgate/controls/registry.yaml'),
    registryYaml([{ id: 'build', execution: `{ type: command, argv: ${nodeArgv(script)} }` }]),
  );
}

/** A repo on `main` with a passing project, then a branch that edits the build control's command. */
function changedRepo(): GateRepo {
  const r = makeGateRepo(
    [{ id: 'build', execution: `{ type: command, argv: ${nodeArgv('console.log("built")')} }` }],
    {
      taskStages: '[self]',
      // Unsigned cross audits count at prototype only.
      targetMaturity: 'prototype',
      authorities: [{ id: 'agent:bot', kind: 'agent', stages: ['self', 'release_authority'] }],
    },
  );
  repos.push(r);
  r.git('checkout', '-q', '-b', 'feature');
  setRegistry(r, 'process.exit(0)');
  r.commit('weaken the build');
  return r;
}

function passAll(r: GateRepo): void {
  expect(runCli(['evaluate', '--run', '--root', r.dir]).code).toBe(0);
  expect(
    runCli(['audit', '--audit-stage', 'cross', '--review-run', 'latest', ...QA, '--root', r.dir])
      .code,
  ).toBe(0);
  expect(
    runCli([
      'audit',
      '--audit-stage',
      'release_authority',
      '--review-run',
      'latest',
      ...RO,
      '--root',
      r.dir,
    ]).code,
  ).toBe(0);
}

const CLAIM = ['claim', '--scope', 'project', '--base', 'main', '--no-record'];

describe('changed control definitions since the base', () => {
  it('are listed, refuse the project claim until approved, and an approval by the wrong authority does not count', () => {
    const r = changedRepo();
    passAll(r);
    const refused = runCli([...CLAIM, '--root', r.dir]);
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stdout).toMatch(
      /^REFUSED \[project\] 1 control definition\(s\) changed since main/,
    );
    expect(refused.stdout).toMatch(
      /unapproved build changed \[.*built.*\] -> \[.*process\.exit\(0\).*\]/,
    );
    expect(refused.stdout).toContain(
      'proofgate authority approve --control build --authority-id virtual:release-owner',
    );

    const dev = runCli([
      'authority',
      'approve',
      '--control',
      'build',
      '--authority-id',
      'virtual:developer',
      '--root',
      r.dir,
    ]);
    expect(dev.code).toBe(2);
    const agent = runCli([
      'authority',
      'approve',
      '--control',
      'build',
      '--authority-id',
      'agent:bot',
      '--root',
      r.dir,
    ]);
    expect(agent.code).toBe(2);
    expect(runCli([...CLAIM, '--root', r.dir]).code).toBe(1);

    const ok = runCli([
      'authority',
      'approve',
      '--base',
      'main',
      '--note',
      'intended',
      ...RO,
      '--root',
      r.dir,
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/APPROVED 1 control definition/);
    const granted = runCli([...CLAIM, '--root', r.dir]);
    expect(granted.stdout).toMatch(/approved {3}build changed/);
    expect(granted.code, granted.stdout).toBe(0);
  });

  it('an approval is of one digest: editing the definition again needs a new approval', () => {
    const r = changedRepo();
    expect(
      runCli(['authority', 'approve', '--control', 'build', ...RO, '--root', r.dir]).code,
    ).toBe(0);
    setRegistry(r, 'process.exitCode = 0');
    r.commit('edit again');
    passAll(r);
    const res = runCli([...CLAIM, '--root', r.dir]);
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/unapproved build changed/);
  });

  it('a task claim is gated by a change to its own control; without --base nothing is listed', () => {
    const r = changedRepo();
    expect(runCli(['evaluate', '--run', '--root', r.dir]).code).toBe(0);
    const task = runCli([
      'claim',
      '--control',
      'build',
      '--base',
      'main',
      '--no-record',
      '--root',
      r.dir,
    ]);
    expect(task.code, task.stdout).toBe(1);
    expect(task.stdout).toMatch(/^REFUSED \[task\] 1 control definition\(s\) changed since main/);
    expect(task.stdout).toMatch(/control definitions changed since main: 1/);
    const plain = runCli(['claim', '--control', 'build', '--no-record', '--root', r.dir]);
    expect(plain.stdout).not.toMatch(/control definitions/);
  });

  it('an unknown base is refused before any verdict (usage or integrity exit, never 0 or 1)', () => {
    const r = changedRepo();
    const res = runCli([
      ...CLAIM.slice(0, 3),
      '--base',
      'no-such-ref',
      '--no-record',
      '--root',
      r.dir,
    ]);
    expect([2, 3]).toContain(res.code);
  });
});
