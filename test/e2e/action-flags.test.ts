// Flags declared per sub-action, through the built CLI on a real repository: a flag the action does
// not take is refused (exit 2, BAD_FLAG) before anything is written, so an agent cannot pass
// `--allow-growth` to `campaign start` or `--id` to `casebase add` and believe it took effect;
// the same commands without the stray flag run.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { spawnCli, type CliRun } from '../helpers/cli.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const PASS = nodeArgv('process.exit(0)');
const ENV = {
  HOME: process.env['HOME'] ?? '/tmp',
  USER: 'dev',
  PROOFGATE_NOW: '2026-02-01T00:00:00.000Z',
};

function gateRepo(mode: 'human_greenfield' | 'ai_brownfield'): GateRepo {
  const repo = makeGateRepo(
    [{ id: 'unit', execution: `{ type: command, argv: ${PASS} }`, inputs: ['src/**'] }],
    { targetMaturity: 'prototype' },
  );
  cleanups.push(() => repo.remove());
  const manifest = join(repo.dir, '.proofgate/controls/manifest.yaml');
  writeFileSync(
    manifest,
    readFileSync(manifest, 'utf8').replace(
      'development_mode: human_greenfield',
      `development_mode: ${mode}`,
    ),
  );
  repo.commit(mode);
  return repo;
}

function cli(repo: GateRepo, args: string[]): CliRun {
  return spawnCli([...args, '--root', repo.dir], repo.dir, ENV);
}

/** Every file under .proofgate and .git/proofgate with its content: what a refusal must not change. */
function written(repo: GateRepo): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[path] = readFileSync(path, 'utf8');
    }
  };
  walk(join(repo.dir, '.proofgate'));
  walk(join(repo.dir, '.git', 'proofgate'));
  return files;
}

function expectRefused(repo: GateRepo, args: string[], message: string, next: string): void {
  const before = written(repo);
  const refused = cli(repo, args);
  expect(refused.code, refused.stderr).toBe(2);
  expect(refused.stderr).toContain(`error [BAD_FLAG]: ${message}`);
  expect(refused.stderr).toContain(`next: ${next}`);
  expect(refused.stderr).not.toMatch(/\n\s+at /);
  expect(written(repo)).toEqual(before);
}

const CASE = [
  '--kind',
  'web-api',
  '--architecture',
  'service',
  '--attr',
  'functional',
  '--applicability',
  'REST writes',
  '--strategy',
  'boundary probes',
  '--outcome',
  '2 defects',
  '--none-failed',
  '--project',
  'shop',
  '--environment',
  'staging',
  '--confirmation',
  'user',
];

describe('flags per action', () => {
  test('knowledge casebase: a flag of another action is refused and nothing is written; its own flags run', () => {
    const repo = gateRepo('human_greenfield');
    const add = ['knowledge', 'casebase', 'add', ...CASE];
    // --id is observe's: on add it would be dropped silently.
    expectRefused(
      repo,
      [...add, '--id', 'CB-0042'],
      '--id is not a flag of "knowledge casebase add"',
      'proofgate knowledge casebase --help',
    );
    expectRefused(
      repo,
      [...add, '--out', 'cases.json'],
      '--out is not a flag of "knowledge casebase add"',
      'proofgate knowledge casebase --help',
    );
    const added = cli(repo, add);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    const observe = ['knowledge', 'casebase', 'observe', '--id', 'CB-0001', '--result', 'success'];
    const provenance = ['--project', 'shop', '--environment', 'ci', '--confirmation', 'auto'];
    expectRefused(
      repo,
      [...observe, ...provenance, '--half-life-days', '9999'],
      '--half-life-days is not a flag of "knowledge casebase observe"',
      'proofgate knowledge casebase --help',
    );
    expect(cli(repo, [...observe, ...provenance]).code).toBe(0);
    // The old spelling is refused before anything runs, pointing at the current one.
    const old = cli(repo, ['casebase', 'export', '--from', 'x.json']);
    expect(old.code).toBe(2);
    expect(old.stderr).toContain("did you mean 'proofgate knowledge casebase'?");
    const out = join(repo.dir, 'cases.json');
    expect(cli(repo, ['knowledge', 'casebase', 'export', '--out', out]).code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ cases: [{ id: 'CB-0001' }] });
    const retrieved = cli(repo, [
      'knowledge',
      'casebase',
      'retrieve',
      '--kind',
      'web-api',
      '--min',
      '0.1',
    ]);
    expect(retrieved.code).toBe(0);
    expect(retrieved.stdout).toContain('CB-0001');
  }, 60_000);

  test('campaign: start refuses baseline flags (no task file, no ledger entry); start and list run with their own', () => {
    const repo = gateRepo('ai_brownfield');
    const start = ['campaign', 'start', '--task', 'fix-unit', '--control', 'unit'];
    expectRefused(
      repo,
      [...start, '--allow-growth'],
      '--allow-growth is not a flag of "campaign start"',
      'proofgate campaign --help',
    );
    expectRefused(
      repo,
      [...start, '--authorize', 'install_dependencies', '--granted-by', 'human:alice'],
      '--authorize, --granted-by are not flags of "campaign start"',
      'proofgate campaign --help',
    );
    expectRefused(
      repo,
      ['campaign', 'list', '--task', 'fix-unit'],
      '--task is not a flag of "campaign list"',
      'proofgate campaign --help',
    );
    expect(existsSync(join(repo.dir, '.git', 'proofgate', 'task.json'))).toBe(false);
    const started = cli(repo, [...start, '--max-new', '0', '--description', 'fix it']);
    expect(started.stderr).toBe('');
    expect(started.code).toBe(0);
    expect(started.stdout.split('\n')[0]).toMatch(/^STARTED task fix-unit in campaign tasks r1/);
    expect(existsSync(join(repo.dir, '.git', 'proofgate', 'task.json'))).toBe(true);
    expect(cli(repo, ['campaign', 'list']).code).toBe(0);
  }, 60_000);
});
