// adopt from the command line: a person's own command for a slot (`--fills SLOT -- argv...`) and a
// control declared not applicable (`--not-applicable ID --rationale ...`), through the CLI on a
// scratch repository: recorded who and when, comments kept, shown by status, risky or malformed
// input refused with exit 2 and nothing written.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  PROTOTYPE_PROFILE,
  listTree,
  makeRepo,
  profileYaml,
  runCli,
} from '../helpers/plane-cli.ts';

const PROFILE = PROTOTYPE_PROFILE;
const PKG = JSON.stringify({ name: 'demo', scripts: { test: 'node --test' } });

function initRepo(profile = PROFILE): string {
  const dir = makeRepo({ 'profile.yaml': profile, 'package.json': PKG });
  const init = runCli(['init', '--profile', 'profile.yaml'], dir);
  expect(init.code, init.stderr).toBe(0);
  return dir;
}

const registryOf = (dir: string): string =>
  readFileSync(join(dir, '.proofgate/controls/registry.yaml'), 'utf8');

describe('adopt --fills SLOT -- argv', () => {
  let dir: string;
  beforeAll(() => {
    dir = initRepo();
  });

  test('records the command, who and when, keeps the comments; status shows it', () => {
    const before = registryOf(dir);
    const comment = before.split('\n')[0]!;
    expect(comment).toMatch(/^# /);
    // words after -- are the command, even when they look like flags of proofgate
    const run = runCli(['adopt', '--fills', 'ENG.TESTS', '--', 'node', '--test', '--help'], dir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^adopt: ENG.TESTS now runs \["node","--test","--help"\] \(manual command by human:alice, \d{4}-/,
    );
    const after = registryOf(dir);
    expect(after.split('\n')[0]).toBe(comment);
    expect(after).toMatch(
      /source: manual:human:alice\n {4}recorded:\n {6}by: human:alice\n {6}at: \d{4}-/,
    );
    const status = runCli(['status', '--control', 'ENG.TESTS'], dir);
    expect(status.stdout).toMatch(/ENG.TESTS: .*\[manual command given by human:alice on \d{4}-/);
  });

  test('a manual command meets the risk rules of a scanned one; nothing is written', () => {
    const before = listTree(dir);
    const publish = runCli(['adopt', '--fills', 'ENG.BUILD', '--', 'npm', 'publish'], dir);
    expect(publish.code).toBe(2);
    expect(publish.stderr).toContain('adopting it needs --authorize publish');
    expect(publish.stderr).toContain(
      'next: proofgate adopt --fills ENG.BUILD --authorize publish -- npm publish',
    );
    const server = runCli(['adopt', '--fills', 'ENG.BUILD', '--', 'npm', 'run', 'dev'], dir);
    expect(server.code).toBe(2);
    expect(server.stderr).toContain('never exits: it cannot be a control');
    const shell = runCli(['adopt', '--fills', 'ENG.BUILD', '--', 'make build'], dir);
    expect(shell.code).toBe(2);
    expect(shell.stderr).toContain('looks like a shell string');
    const badOutputs = ['adopt', '--fills', 'ENG.BUILD', '--outputs', '../x', '--', 'tsc'];
    const outside = runCli(badOutputs, dir);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('--outputs has 1 invalid path glob(s)');
    const naOutputs = ['adopt', '--not-applicable', 'ENG.BUILD', '--rationale', 'x'];
    expect(runCli([...naOutputs, '--outputs', 'dist/'], dir).code).toBe(2);
    const empty = runCli(['adopt', '--fills', 'ENG.BUILD', '--'], dir);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('needs the command after --');
    const noSlot = runCli(['adopt', '--', 'node', '--test'], dir);
    expect(noSlot.code).toBe(2);
    expect(noSlot.stderr).toContain('name it with --fills <slot>');
    const agent = runCli(
      ['adopt', '--fills', 'ENG.BUILD', '--authority-id', 'virtual:developer', '--', 'tsc'],
      dir,
    );
    expect(agent.code).toBe(2);
    expect(agent.stderr).toContain('virtual:developer is a virtual authority, not a person');
    expect(listTree(dir)).toEqual(before);
  });

  test('a build command is marked exclusive', () => {
    const repo = initRepo();
    const run = runCli(['adopt', '--fills', 'ENG.BUILD', '--', 'npm', 'run', 'build'], repo);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('exclusive: it runs alone');
    expect(registryOf(repo)).toMatch(/exclusive: true/);
  });
});

describe('adopt again on a filled slot', () => {
  test('a person replaces the command; declared outputs leave the subject; owner-written commands stay', () => {
    const dir = initRepo();
    expect(runCli(['adopt', 'npm:test', '--fills', 'ENG.TESTS'], dir).code).toBe(0);
    const replaced = runCli(['adopt', '--fills', 'ENG.TESTS', '--', 'node', '--test'], dir);
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(registryOf(dir)).toMatch(
      /argv:\n\s+- node\n\s+- --test\n[\s\S]*source: manual:human:alice/,
    );
    const declared = [
      'adopt',
      '--fills',
      'ENG.TESTS',
      '--outputs',
      'out/*.bin',
      '--outputs',
      'cov/',
    ];
    expect(runCli([...declared, '--', 'node', '--test'], dir).code).toBe(0);
    expect(registryOf(dir)).toMatch(/outputs:\n\s+- cov\/\n\s+- out\/\*\.bin/);
    // back to the scanned candidate: the person's record goes, the outputs stay until replaced
    const back = runCli(['adopt', 'npm:test', '--fills', 'ENG.TESTS'], dir);
    expect(back.code, back.stderr).toBe(0);
    expect(registryOf(dir)).not.toMatch(/recorded:\n\s+by: human:alice\n[^\n]*\n\s+outputs/);
    expect(runCli(['adopt', 'npm:test', '--outputs', 'out/'], dir).code).toBe(0);
    expect(registryOf(dir)).toMatch(/outputs:\n\s+- out\/\n/);
    // a command control the owner wrote into the registry is not adopt's to replace
    const path = join(dir, '.proofgate/controls/registry.yaml');
    writeFileSync(path, registryOf(dir).replace('source: adopted:npm:test', 'source: catalog:own'));
    const owned = runCli(['adopt', '--fills', 'ENG.TESTS', '--', 'node', '--test'], dir);
    expect(owned.code).toBe(2);
    expect(owned.stderr).toContain('ENG.TESTS is not an open slot');
  });
});

describe('adopt --outputs never takes a tracked file out of the subject', () => {
  test('a tracked source file as an output: exit 2 naming it, registry unchanged', () => {
    const dir = initRepo();
    execFileSync('git', ['add', 'package.json'], { cwd: dir });
    const before = registryOf(dir);
    const run = runCli(
      ['adopt', '--fills', 'ENG.TESTS', '--outputs', 'package.json', '--', 'node', '--test'],
      dir,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('OUTPUT_TRACKED');
    expect(run.stderr).toContain('control ENG.TESTS outputs match tracked file(s): package.json');
    expect(run.stderr).toContain('next:');
    expect(registryOf(dir)).toBe(before);
  });
});

describe('adopt --outputs advises ignoring the outputs in git', () => {
  test('prints the exact .gitignore lines; --ignore-outputs appends only the missing ones', () => {
    const dir = initRepo();
    writeFileSync(join(dir, '.gitignore'), 'node_modules\ncov/');
    const declared = ['adopt', '--fills', 'ENG.TESTS', '--outputs', 'out/*.bin', '--outputs'];
    const advised = runCli([...declared, 'cov/', '--', 'node', '--test'], dir);
    expect(advised.code, advised.stderr).toBe(0);
    // cov/ is ignored already (unanchored); out/*.bin is not
    expect(advised.stdout).toContain(
      'the outputs are build products: keep them out of commits with these lines in .gitignore (or adopt again with --ignore-outputs to append them):\n  /out/*.bin\n',
    );
    expect(advised.stdout).not.toContain('  /cov/');
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe('node_modules\ncov/');
    const json = runCli([...declared, 'cov/', '--json', '--', 'node', '--test'], dir);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ignore: { lines: ['/out/*.bin', '/cov/'], missing: ['/out/*.bin'], appended: false },
    });
    const appended = runCli([...declared, 'cov/', '--ignore-outputs', '--', 'node', '--test'], dir);
    expect(appended.code, appended.stderr).toBe(0);
    expect(appended.stdout).toContain('appended to .gitignore (commit it): /out/*.bin');
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe(
      'node_modules\ncov/\n# proofgate: outputs the controls write (adopt --outputs)\n/out/*.bin\n',
    );
    // git now ignores a file the command writes there (check-ignore exits 0)
    execFileSync('git', ['check-ignore', '-q', 'out/a.bin'], { cwd: dir });
    const again = runCli([...declared, 'cov/', '--ignore-outputs', '--', 'node', '--test'], dir);
    expect(again.stdout).toContain('.gitignore already ignores the outputs');
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toMatch(/\/out\/\*\.bin\n$/);
    const alone = runCli(['adopt', 'npm:test', '--ignore-outputs'], dir);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--ignore-outputs goes with --outputs');
  });
});

describe('adopt --not-applicable', () => {
  test('a library without a build step: ENG.BUILD stops blocking, owner and reason recorded', () => {
    const dir = initRepo();
    const manual = ['adopt', '--fills', 'ENG.TESTS', '--', 'node', '--test'];
    expect(runCli(manual, dir).code).toBe(0);
    expect(runCli(['evaluate', '--run'], dir).code).toBe(1);
    const blocked = runCli(['status'], dir);
    expect(blocked.code).toBe(1);
    expect(blocked.stdout).toMatch(/TODO\s+ENG.BUILD/);
    const na = runCli(
      ['adopt', '--not-applicable', 'ENG.BUILD', '--rationale', 'library without a build step'],
      dir,
    );
    expect(na.code, na.stderr).toBe(0);
    expect(na.stdout).toMatch(
      /^adopt: ENG.BUILD is NOT_APPLICABLE \(owner human:alice, \d{4}-.*\): library without a build step/,
    );
    expect(registryOf(dir)).toMatch(
      /applies:\n {6}value: false\n {6}owner: human:alice\n {6}rationale: library without a build step/,
    );
    // a slot declared not applicable is decided: adopt --list no longer offers it as open
    const listed = runCli(['adopt', '--list'], dir);
    expect(listed.stdout).toMatch(/, 0 open slot\(s\)/);
    expect(listed.stdout).not.toMatch(/^ {2}ENG.BUILD: /m);
    const ready = runCli(['status'], dir);
    expect(ready.code, ready.stdout).toBe(0);
    expect(ready.stdout).toMatch(
      /NOT_APPLICABLE ENG.BUILD: not applicable \(human:alice\): library without a build step \[recorded by human:alice on \d{4}-/,
    );
    const html = join(dir, 'audit.html');
    const report = runCli(['report', '--html', html, '--no-base'], dir);
    expect(report.code, report.stderr).toBe(0);
    const page = readFileSync(html, 'utf8');
    expect(page).toMatch(/library without a build step \[recorded by human:alice on \d{4}-/);
    expect(page).toMatch(/\[manual command given by human:alice on \d{4}-/);
  });

  test('refusals: no rationale, unknown id, no human authority; nothing written', () => {
    const dir = initRepo();
    const before = listTree(dir);
    const bare = runCli(['adopt', '--not-applicable', 'ENG.BUILD'], dir);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('needs --rationale');
    const blank = runCli(['adopt', '--not-applicable', 'ENG.BUILD', '--rationale', '  '], dir);
    expect(blank.code).toBe(2);
    const unknown = runCli(['adopt', '--not-applicable', 'NOPE', '--rationale', 'x'], dir);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no control "NOPE"');
    const mixed = runCli(
      ['adopt', 'npm:test', '--not-applicable', 'ENG.BUILD', '--rationale', 'x'],
      dir,
    );
    expect(mixed.code).toBe(2);
    expect(listTree(dir)).toEqual(before);
    const ownerless = initRepo(PROFILE.replace('owner: human:alice\n', ''));
    const nobody = runCli(
      ['adopt', '--not-applicable', 'ENG.BUILD', '--rationale', 'no build step'],
      ownerless,
    );
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toContain('no human authority is registered');
    expect(nobody.stderr).toMatch(
      /next: proofgate authority add human:\S+, then run this command again/,
    );
  });
});

describe('adopt --fills AI.TRAJECTORY_RULES --trace-pack --traces', () => {
  const AI_PROFILE = profileYaml({ owner: 'human:alice' }).replace(
    'ai_system: false',
    'ai_system: true',
  );
  let dir: string;
  beforeAll(() => {
    dir = initRepo(AI_PROFILE);
  });

  test('--list offers the trajectory slot with the command that fills it', () => {
    const list = runCli(['adopt', '--list'], dir);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain(
      "fill it with a rule pack: proofgate adopt --fills AI.TRAJECTORY_RULES --trace-pack honest-completion --traces 'traces/**/*.jsonl'",
    );
  });

  test('a bad pack, a glob leaving the root or a missing half is refused; nothing is written', () => {
    const before = listTree(dir);
    const fill = ['adopt', '--fills', 'AI.TRAJECTORY_RULES'];
    const unknown = runCli([...fill, '--trace-pack', 'no-such-pack', '--traces', 't/*.jsonl'], dir);
    expect(unknown.code).toBe(2);
    const outside = runCli([...fill, '--trace-pack', 'honest-completion', '--traces', '../x'], dir);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('--traces');
    const half = runCli([...fill, '--trace-pack', 'honest-completion'], dir);
    expect(half.code).toBe(2);
    expect(half.stderr).toContain('--trace-pack and --traces go together');
    const command = runCli(
      [
        'adopt',
        '--fills',
        'ENG.TESTS',
        '--trace-pack',
        'honest-completion',
        '--traces',
        'x',
        '--',
        'node',
      ],
      dir,
    );
    expect(command.code).toBe(2);
    expect(listTree(dir)).toEqual(before);
  });

  test('fills the slot with {type: trace, pack, traces}, recorded; again changes nothing', () => {
    const args = [
      'adopt',
      '--fills',
      'AI.TRAJECTORY_RULES',
      '--trace-pack',
      'honest-completion',
      '--traces',
      'traces/**/*.jsonl',
    ];
    const run = runCli(args, dir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'adopt: AI.TRAJECTORY_RULES now judges "traces/**/*.jsonl" with the trace pack honest-completion (by human:alice',
    );
    const registry = registryOf(dir);
    expect(registry).toMatch(
      /execution:\n {6}type: trace\n {6}pack: honest-completion\n {6}traces:\n {8}- traces\/\*\*\/\*\.jsonl\n/,
    );
    expect(registry).toContain(
      '    source: manual:human:alice\n    recorded:\n      by: human:alice\n',
    );
    const again = runCli(args, dir);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('nothing changed');
    expect(registryOf(dir)).toBe(registry);
  });
});
