// ai_brownfield without paperwork, through the built CLI on real git repositories: `campaign start`
// registers the campaign task and writes the task file, the Stop hook and `claim` read it, a
// registry edit drifts a campaign only when it changes a control the campaign names, the hook names
// the registered campaign instead of asking for one, and a keyed release authority's registration
// is signed (or refused, writing nothing). The task file is the agent's: it cannot drop a control
// the change touches.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { BIN, spawnCli } from '../helpers/cli.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';
import { makeTempDir } from '../helpers/git-repo.ts';
import { runShellHook, stopPayloadFor } from '../helpers/hook-stop.ts';
import { pushToOrigin } from '../helpers/upstream-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const PASS = nodeArgv('process.exit(0)');
const MANIFEST = '.proofgate/controls/manifest.yaml';
const REGISTRY = '.proofgate/controls/registry.yaml';

/** An ai_brownfield plane at prototype whose task policy is self only: unit (src/) and docs (docs/). */
function brownfieldRepo(): GateRepo {
  const repo = makeGateRepo(
    [
      { id: 'unit', execution: `{ type: command, argv: ${PASS} }`, inputs: ['src/**'] },
      { id: 'docs', execution: `{ type: command, argv: ${PASS} }`, inputs: ['docs/**'] },
    ],
    { targetMaturity: 'prototype', files: { 'docs/guide.md': 'guide\n' } },
  );
  cleanups.push(() => repo.remove());
  const manifest = join(repo.dir, MANIFEST);
  writeFileSync(
    manifest,
    readFileSync(manifest, 'utf8').replace(
      'development_mode: human_greenfield',
      'development_mode: ai_brownfield',
    ),
  );
  repo.commit('ai_brownfield');
  return repo;
}

const ENV = { HOME: process.env['HOME'] ?? '/tmp', USER: 'dev' };
function cli(repo: GateRepo, args: string[], env: Record<string, string> = {}) {
  return spawnCli([...args, '--root', repo.dir], repo.dir, { ...ENV, ...env });
}

/** The Stop hook as the agent runs it: the built CLI with the Stop payload on stdin. */
function hookStop(
  repo: GateRepo,
  env: Record<string, string> = {},
): { decision?: string; reason?: string } {
  const command = `"${process.execPath}" "${BIN}" hook stop --root "${repo.dir}"`;
  const result = runShellHook(command, repo.dir, stopPayloadFor(repo.dir), { ...ENV, ...env });
  expect(result.code).toBe(0);
  return result.stdout.trim() === '' ? {} : (JSON.parse(result.stdout) as { reason?: string });
}

/** Registers campaign c1 with one task t1 over `controls` from a file, as the owner would. */
function registerC1(repo: GateRepo, task: string, controls: string): void {
  repo.write(
    'c.yaml',
    `id: c1\nrevision: 1\ntitle: one\ncontrols: [${controls}]\nexit_policy: { max_new_violations: 0, min_fixed: 0 }\nphases:\n  - id: p1\n    title: first\n    tasks:\n      - { id: ${task}, title: fix, controls: [${controls}] }\n`,
  );
  const as = ['--authority-id', 'virtual:release-owner', '--execution-context', 'local:e2e'];
  const registered = cli(repo, ['campaign', 'register', '--file', join(repo.dir, 'c.yaml'), ...as]);
  expect(registered.stdout.split('\n')[0]).toBe('REGISTERED campaign c1 r1');
}

const taskFile = (repo: GateRepo) => join(repo.dir, '.git', 'proofgate', 'task.json');
const ledgerLines = (repo: GateRepo): number => {
  const dir = join(repo.dir, '.proofgate', 'evidence', 'ledger');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .reduce((n, f) => n + readFileSync(join(dir, f), 'utf8').split('\n').length - 1, 0);
};

describe('campaign start', () => {
  test('one command starts the task, writes the task file; claim and the hook read it; resuming registers nothing', () => {
    const repo = brownfieldRepo();
    cleanups.push(pushToOrigin(repo));
    const started = cli(repo, ['campaign', 'start', '--task', 'fix-docs', '--control', 'docs']);
    expect(started.stderr).toBe('');
    expect(started.code).toBe(0);
    expect(started.stdout.split('\n')[0]).toBe(
      'STARTED task fix-docs in campaign tasks r1 (registered revision 1 as virtual:release-owner)',
    );
    expect(started.stdout).toContain('proofgate claim (reads the task file');
    expect(JSON.parse(readFileSync(taskFile(repo), 'utf8'))).toEqual({
      campaign: 'tasks',
      task: 'fix-docs',
    });
    // Nothing proven: the hook blocks with the campaign claim, never "needs a campaign".
    const blocked = hookStop(repo);
    expect(blocked.decision).toBe('block');
    expect(blocked.reason).toContain('campaign tasks r1 task fix-docs');
    expect(blocked.reason).toContain('proofgate claim --campaign tasks --task fix-docs');
    // Controls named in the environment add to the campaign task; they do not hide it.
    const named = hookStop(repo, { PROOFGATE_TASK_CONTROLS: 'unit' });
    expect(named.reason).toContain('campaign tasks r1 task fix-docs');
    expect(named.reason).toContain('unit [self]');
    expect(cli(repo, ['evaluate', '--run', '--control', 'docs']).code).toBe(0);
    const claimed = cli(repo, ['claim', '--no-record']);
    expect(claimed.stdout.split('\n')[0]).toMatch(
      /^COMPLETED \[task\] campaign tasks r1 task fix-docs: 1 controls current PASS/,
    );
    expect(claimed.code).toBe(0);
    expect(hookStop(repo)).toEqual({});
    // Resuming the registered task writes the task file and appends nothing.
    const lines = ledgerLines(repo);
    const resumed = cli(repo, ['campaign', 'start', '--task', 'fix-docs']);
    expect(resumed.stdout.split('\n')[0]).toBe(
      'STARTED task fix-docs in campaign tasks r1 (already registered)',
    );
    expect(ledgerLines(repo)).toBe(lines);
    // A second task goes into the same campaign as a new revision.
    const second = cli(repo, ['campaign', 'start', '--task', 'fix-unit', '--control', 'unit']);
    expect(second.stdout.split('\n')[0]).toBe(
      'STARTED task fix-unit in campaign tasks r2 (registered revision 2 as virtual:release-owner)',
    );
    expect(JSON.parse(readFileSync(taskFile(repo), 'utf8'))).toEqual({
      campaign: 'tasks',
      task: 'fix-unit',
    });
    expect(cli(repo, ['verify', '--full']).code).toBe(0);
  });

  test('the hook with a registered campaign and no task file names that campaign and the start command', () => {
    const repo = brownfieldRepo();
    registerC1(repo, 't1', 'unit');
    const blocked = hookStop(repo);
    expect(blocked.decision).toBe('block');
    expect(blocked.reason).not.toContain('needs an active campaign');
    expect(blocked.reason).toContain('none is named (registered: c1)');
    expect(blocked.reason).toContain('- proofgate campaign start --campaign c1 --task <task id>');
    // Following it: the stop now previews the campaign task's claim.
    expect(cli(repo, ['campaign', 'start', '--campaign', 'c1', '--task', 't1']).code).toBe(0);
    expect(hookStop(repo).reason).toContain('proofgate claim --campaign c1 --task t1');
  });
});

describe('what drifts a campaign', () => {
  test('a new control leaves it active; a changed definition of its own control drifts it until a new revision', () => {
    const repo = brownfieldRepo();
    cleanups.push(pushToOrigin(repo));
    registerC1(repo, 't1', 'unit');
    const claim = ['claim', '--campaign', 'c1', '--task', 't1', '--no-record'];
    const registry = join(repo.dir, REGISTRY);
    const added = `${readFileSync(registry, 'utf8')}  - id: extra
    title: control extra
    owner: virtual:developer
    requirements: []
    risks: []
    applies: { value: true }
    required_from_maturity: prototype
    execution: { type: command, argv: ${PASS} }
    inputs: ['extra/**']
    evidence_required: [output]
`;
    writeFileSync(registry, added);
    expect(cli(repo, ['campaign', 'list']).stdout).toContain('c1 r1 active');
    expect(cli(repo, ['evaluate', '--run', '--control', 'unit']).code).toBe(0);
    const claimed = cli(repo, claim);
    expect(claimed.stdout).not.toContain('campaign:c1');
    // The registry change itself is a changed definition under the upstream's rules; only the
    // campaign's own control decides whether the campaign drifted.
    expect(claimed.stdout).not.toContain('needs a new revision');

    writeFileSync(registry, added.replace('title: control unit', 'title: control unit, strict'));
    const shown = cli(repo, ['campaign', 'show', 'c1']);
    expect(shown.stdout).toContain('c1 r1 DRIFTED');
    expect(shown.stdout).toContain('drifted: the definition of unit changed');
    expect(cli(repo, ['evaluate', '--run', '--control', 'unit']).code).toBe(0);
    const stale = cli(repo, claim);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain(
      'campaign:c1 [self]: the definition of unit changed since revision 1 was registered: the campaign needs a new revision',
    );
    // Starting the task again registers the next revision over the new definition.
    const again = cli(repo, ['campaign', 'start', '--task', 't1']);
    expect(again.stdout.split('\n')[0]).toBe(
      'STARTED task t1 in campaign c1 r2 (registered revision 2 as virtual:release-owner)',
    );
    expect(cli(repo, ['campaign', 'list']).stdout).toContain('c1 r2 active');
    expect(cli(repo, claim).stdout).not.toContain('campaign:c1');
  });
});

describe('a keyed release authority', () => {
  test('campaign register and start are signed with its key; without the key: KEY_INVALID, exit 2, nothing written', () => {
    const repo = brownfieldRepo();
    const keys = makeTempDir('pg-owner-keys-');
    const empty = makeTempDir('pg-no-keys-');
    cleanups.push(() => {
      for (const dir of [keys, empty]) rmSync(dir, { recursive: true, force: true });
    });
    const owner = { PROOFGATE_KEY_DIR: keys };
    const generated = cli(
      repo,
      ['authority', 'keys', 'generate', '--authority-id', 'virtual:release-owner'],
      owner,
    );
    expect(generated.code).toBe(0);
    repo.commit('owner key');
    repo.write(
      'c.yaml',
      'id: c1\nrevision: 1\ntitle: one\ncontrols: [unit]\nexit_policy: { max_new_violations: 0, min_fixed: 0 }\nphases:\n  - id: p1\n    title: first\n    tasks:\n      - { id: t1, title: fix, controls: [unit] }\n',
    );
    const register = ['campaign', 'register', '--file', join(repo.dir, 'c.yaml')];
    const as = ['--authority-id', 'virtual:release-owner', '--execution-context', 'local:owner'];
    const before = ledgerLines(repo);
    const refused = cli(repo, [...register, ...as], { PROOFGATE_KEY_DIR: empty });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'error [KEY_INVALID]: campaign register in the name of virtual:release-owner must be signed by it',
    );
    expect(refused.stderr).toContain(
      "next: virtual:release-owner runs it with its key: PROOFGATE_KEY_DIR=<virtual:release-owner's key directory>",
    );
    const agentStart = cli(repo, ['campaign', 'start', '--task', 't9', '--control', 'unit'], {
      PROOFGATE_KEY_DIR: empty,
    });
    expect(agentStart.code).toBe(2);
    expect(agentStart.stderr).toContain(
      'error [KEY_INVALID]: campaign start in the name of virtual:release-owner',
    );
    expect(ledgerLines(repo)).toBe(before);

    const signed = cli(repo, [...register, ...as], owner);
    expect(signed.stderr).toBe('');
    expect(signed.stdout.split('\n')[0]).toBe('REGISTERED campaign c1 r1');
    const started = cli(
      repo,
      ['campaign', 'start', '--campaign', 'c1', '--task', 't2', '--control', 'unit'],
      owner,
    );
    expect(started.stdout.split('\n')[0]).toBe(
      'STARTED task t2 in campaign c1 r2 (registered revision 2 as virtual:release-owner)',
    );
    expect(cli(repo, ['verify', '--full']).code).toBe(0);
    const notes = readdirSync(join(repo.dir, '.proofgate', 'evidence', 'ledger'))
      .filter((f) => f.endsWith('.jsonl'))
      .flatMap((f) =>
        readFileSync(join(repo.dir, '.proofgate', 'evidence', 'ledger', f), 'utf8').split('\n'),
      )
      .filter((l) => l.includes('"type":"campaign"'))
      .map((l) => JSON.parse(l) as { sigs?: unknown[]; actor: { keyid?: string } });
    expect(notes).toHaveLength(2);
    for (const note of notes) {
      expect(note.actor.keyid).toMatch(/^[0-9a-f]{64}$/);
      expect(note.sigs).toHaveLength(1);
    }
    // Resuming a registered task needs no key: only the task file is written.
    expect(
      cli(repo, ['campaign', 'start', '--campaign', 'c1', '--task', 't1'], {
        PROOFGATE_KEY_DIR: empty,
      }).code,
    ).toBe(0);
  });
});

describe('the task file is the agent’s: it only adds', () => {
  test('a task file naming a campaign task of docs cannot drop unit when the change touches src/', () => {
    const repo = brownfieldRepo();
    cleanups.push(pushToOrigin(repo));
    registerC1(repo, 'docs-only', 'docs');
    // The agent changes src/ (unit's inputs), proves docs only, and writes its own task file.
    repo.write('src/app.js', 'export const x = 2;\n');
    expect(cli(repo, ['evaluate', '--run', '--control', 'docs']).code).toBe(0);
    mkdirSync(join(repo.dir, '.git', 'proofgate'), { recursive: true });
    writeFileSync(
      taskFile(repo),
      JSON.stringify({ campaign: 'c1', task: 'docs-only', controls: ['docs'] }),
    );
    const explicit = cli(repo, ['claim', '--campaign', 'c1', '--task', 'docs-only', '--no-record']);
    expect(explicit.stdout.split('\n')[0]).toMatch(
      /^REFUSED \[task\] campaign c1 r1 task docs-only/,
    );
    expect(explicit.stdout).toContain(
      'unit [self]: no result yet (in the task: inputs src/** match src/app.js (changed since origin/main))',
    );
    expect(explicit.code).toBe(1);
    // `claim` alone reads the task file and decides the same, also when the environment names
    // only docs: a name adds to the campaign task and never replaces what the change touches.
    for (const env of [{}, { PROOFGATE_TASK_CONTROLS: 'docs' }]) {
      const claimed = cli(repo, ['claim', '--no-record'], env);
      expect(claimed.code).toBe(1);
      expect(claimed.stdout.split('\n')[0]).toMatch(
        /^REFUSED \[task\] campaign c1 r1 task docs-only/,
      );
      expect(claimed.stdout).toContain('unit [self]: no result yet (in the task: inputs src/**');
    }
    const stop = hookStop(repo);
    expect(stop.decision).toBe('block');
    expect(stop.reason).toContain('unit [self]');
    // Restarting the task naming unit adds it; its docs stays (a restart never narrows a task).
    expect(
      cli(repo, ['campaign', 'start', '--task', 'docs-only', '--control', 'unit']).stdout,
    ).toContain('[docs, unit]');
    // Once unit is proven on this change, the claim completes.
    expect(cli(repo, ['evaluate', '--run', '--control', 'unit']).code).toBe(0);
    expect(cli(repo, ['claim', '--no-record']).code).toBe(0);
  });
});
