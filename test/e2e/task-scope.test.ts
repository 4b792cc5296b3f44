// A task covers what it changes: naming only a control the change does not touch (with --control,
// PROOFGATE_TASK_CONTROLS or task.json) cannot leave out a control whose inputs the change
// touches since the upstream, so a broken src/ cannot be claimed done by naming the LICENSE check.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';
import { hookStopIn } from '../helpers/hook-stop.ts';
import { pushToOrigin } from '../helpers/upstream-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const TESTS = nodeArgv(
  "process.exit(require('fs').readFileSync('src/app.js', 'utf8').includes('BUG') ? 1 : 0)",
);

/** tests (inputs src/) and a LICENSE file check, all PASS, evidence pushed to origin/main. */
async function trackedRepo(): Promise<GateRepo> {
  const r = makeGateRepo(
    [
      { id: 'tests', execution: `{ type: command, argv: ${TESTS} }`, inputs: ['src/'] },
      { id: 'license', execution: '{ type: file, path: LICENSE, condition: exists }' },
    ],
    { targetMaturity: 'prototype', files: { LICENSE: 'MIT\n' } },
  );
  cleanups.push(() => r.remove());
  expect((await r.run(['evaluate', '--run'])).code).toBe(0);
  r.commit('evidence');
  cleanups.push(pushToOrigin(r));
  return r;
}

function writeTaskFile(r: GateRepo, controls: string[]): void {
  const dir = join(r.dir, '.git', 'proofgate');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'task.json'), JSON.stringify({ controls }));
}

const WHY = 'tests: inputs src/ match src/app.js (changed since origin/main)';

describe('a task covers what it changes', () => {
  it('naming only the file control while src/ is broken: claim refused, listing tests and why', async () => {
    const r = await trackedRepo();
    const clean = await r.run(['claim', '--control', 'license', '--no-record']);
    expect(clean.code, clean.out).toBe(0);
    expect(clean.out).toContain('license: named by --control');
    expect(clean.out).not.toContain('tests:');

    r.write('src/app.js', 'export const x = "BUG";\n');
    const flag = await r.run(['claim', '--control', 'license', '--no-record']);
    expect(flag.code, flag.out).toBe(1);
    expect(flag.out).toMatch(/^REFUSED \[task\]/);
    expect(flag.out).toMatch(/STALE +tests \[self\]/);
    expect(flag.out).toContain(WHY);
    expect(flag.out).toContain('license: named by --control');

    const env = await r.run(['claim', '--no-record', '--json'], {
      PROOFGATE_TASK_CONTROLS: 'license',
    });
    expect(env.code, env.out).toBe(1);
    const json = JSON.parse(env.out) as {
      taskScope: {
        since: string;
        controls: string[];
        reasons: { control: string; reason: string }[];
      };
    };
    expect(json.taskScope.since).toBe('origin/main');
    expect(json.taskScope.controls).toEqual(['tests', 'license']);
    expect(json.taskScope.reasons).toContainEqual({
      control: 'license',
      reason: 'named by PROOFGATE_TASK_CONTROLS',
    });
  });

  it('a committed (unpushed) change is covered too; task.json naming the file control does not let the hook allow', async () => {
    const r = await trackedRepo();
    writeTaskFile(r, ['license']);
    expect((await hookStopIn(r.dir)).decision).toBeUndefined();
    r.write('src/app.js', 'export const x = "BUG";\n');
    r.commit('break it');
    const blocked = await hookStopIn(r.dir);
    expect(blocked.decision).toBe('block');
    expect(blocked.reason).toContain('- tests [self] STALE');
    expect(blocked.reason).toContain(`(in the task: ${WHY.slice('tests: '.length)})`);
    expect(blocked.reason).toContain('Then: proofgate claim. Do not report done');
    const fromFile = await r.run(['claim', '--no-record']);
    expect(fromFile.code, fromFile.out).toBe(1);
    expect(fromFile.out).toContain('license: named by task.json');
    // Re-running the broken tests only records the FAIL: still refused.
    expect((await r.run(['evaluate', '--run', '--control', 'tests'])).code).toBe(1);
    expect((await r.run(['claim', '--no-record'])).out).toMatch(/FAIL +tests \[self\]/);
  });

  it('an untracked file under the inputs counts as changed; a control without inputs covers any change', async () => {
    const r = await trackedRepo();
    writeFileSync(
      join(r.dir, '.proofgate/controls/registry.yaml'),
      (await import('node:fs'))
        .readFileSync(join(r.dir, '.proofgate/controls/registry.yaml'), 'utf8')
        .replace("    inputs: ['src/']\n", ''),
    );
    r.commit('tests cover the whole tree');
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    r.commit('evidence');
    r.git('push', '-q');
    r.write('docs/new.md', 'a note\n');
    const refused = await r.run(['claim', '--control', 'license', '--no-record']);
    expect(refused.code, refused.out).toBe(1);
    expect(refused.out).toContain(
      'tests: no inputs, covers the whole tree: docs/new.md changed since origin/main',
    );
  });
});
