// Authorization is not self-serve: the bundle refuses a capability granted by the acting developer
// or an agent (exit 2, nothing recorded), and records who granted it when the grant is allowed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

function buildRepo(): GateRepo {
  const r = makeGateRepo(
    [
      {
        id: 'ENG.BUILD',
        execution: `{ type: command, argv: ${nodeArgv('console.log("built")')}, authorization_required: [install_dependencies] }`,
      },
    ],
    {
      authorities: [
        { id: 'agent:claude', kind: 'agent', stages: ['self', 'release_authority'] },
        { id: 'human:alice', kind: 'human', stages: ['self'] },
      ],
    },
  );
  repos.push(r);
  return r;
}

function ledgerLines(r: GateRepo): string[] {
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((n) =>
      readFileSync(join(dir, n), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== ''),
    );
}

const RUN = ['evaluate', '--run', '--control', 'ENG.BUILD', '--authorize', 'install_dependencies'];

describe('a grant by anyone but a human or the release owner is refused', () => {
  it('the acting developer granting itself install_dependencies: exit 2, nothing runs or is recorded', () => {
    const r = buildRepo();
    const res = runCli([...RUN, '--authority-id', 'virtual:developer', '--root', r.dir]);
    expect(res.code).toBe(2);
    expect(res.stderr + res.stdout).toMatch(/virtual:developer is the acting authority/);
    expect(res.stderr + res.stdout).toMatch(/--granted-by/);
    expect(ledgerLines(r).filter((l) => l.includes('"kind":"run"'))).toHaveLength(0);
  });

  it('naming another non-owner as grantor does not help (virtual:quality, an agent)', () => {
    const r = buildRepo();
    for (const grantor of ['virtual:quality', 'virtual:developer', 'agent:claude']) {
      const res = runCli([...RUN, '--granted-by', grantor, '--root', r.dir]);
      expect(res.code, grantor).toBe(2);
    }
    const agent = runCli([...RUN, '--authority-id', 'agent:claude', '--root', r.dir]);
    expect(agent.code).toBe(2);
    expect(agent.stderr + agent.stdout).toMatch(/agents never grant/);
    expect(ledgerLines(r).filter((l) => l.includes('"kind":"run"'))).toHaveLength(0);
  });

  it('an unregistered grantor is exit 2', () => {
    const r = buildRepo();
    const res = runCli([...RUN, '--granted-by', 'human:mallory', '--root', r.dir]);
    expect(res.code).toBe(2);
    expect(res.stderr + res.stdout).toMatch(/human:mallory is not in the manifest/);
  });

  it('the release owner or a human grants, and the entry records who', () => {
    const r = buildRepo();
    const owner = runCli([...RUN, '--granted-by', 'virtual:release-owner', '--root', r.dir]);
    expect(owner.code, owner.stderr).toBe(0);
    const human = runCli([...RUN, '--authority-id', 'human:alice', '--root', r.dir]);
    expect(human.code, human.stderr).toBe(0);
    const runs = ledgerLines(r)
      .map((l) => JSON.parse(l) as { kind: string; body: Record<string, unknown> })
      .filter((e) => e.kind === 'run');
    expect(runs.map((e) => e.body['grants'])).toEqual([
      [{ kind: 'install_dependencies', by: 'virtual:release-owner' }],
      [{ kind: 'install_dependencies', by: 'human:alice' }],
    ]);
    expect(runs.map((e) => e.body['status'])).toEqual(['PASS', 'PASS']);
  });

  it('without any grant the control is BLOCKED, not run', () => {
    const r = buildRepo();
    const res = runCli(['evaluate', '--run', '--control', 'ENG.BUILD', '--root', r.dir]);
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/BLOCKED/);
  });
});
