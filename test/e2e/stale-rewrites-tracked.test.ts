// A command that rewrites tracked files while it runs (a build regenerating the README) can never
// leave a result current: its STALE names the files it rewrote and the choice (untrack them and
// declare them as its outputs, or make it leave them alone). Once they are outputs, its runs stale
// no other control. An edit made before the run is the person's and is not blamed on the command.
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, registryYaml, type GateRepo } from '../helpers/gate-repo.ts';

const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

const BUILD = {
  id: 'build',
  execution: `{ type: command, argv: ${nodeArgv('require("fs").writeFileSync("README.md", "# built " + Date.now() + "\\n")')} }`,
};
const TESTS = { id: 'tests', execution: `{ type: command, argv: ${nodeArgv('0')} }` };

function project(): GateRepo {
  const r = makeGateRepo([BUILD, TESTS], { files: { 'README.md': '# readme\n' } });
  repos.push(r);
  return r;
}

async function statuses(r: GateRepo) {
  const doc = JSON.parse((await r.run(['status', '--json'])).out) as {
    statuses: {
      control: string;
      stages: Record<string, { status: string; reason: string; next?: string }>;
    }[];
  };
  return new Map(doc.statuses.map((s) => [s.control, s.stages['self']!]));
}

describe('a command that rewrites tracked files', () => {
  it('is named with the choice; declared as outputs (untracked), its runs stale nothing else', async () => {
    const r = project();
    // in process the clock is fixed: the run is dated `now`, and README.md was written then
    const now = new Date();
    await r.run(['evaluate', '--run'], {}, now.toISOString());
    utimesSync(join(r.dir, 'README.md'), now, now);
    const build = (await statuses(r)).get('build')!;
    expect(build.status).toBe('STALE');
    expect(build.reason).toContain('the command rewrote tracked file(s) README.md while it ran');
    expect(build.reason).toContain('not repeatable');
    expect(build.next).toBe('git rm --cached -- README.md');
    // the choice taken: README.md is the build's output
    r.git('rm', '-q', '--cached', '--', 'README.md');
    writeFileSync(join(r.dir, '.gitignore'), '/README.md\n');
    writeFileSync(
      join(r.dir, '.proofgate', 'controls', 'registry.yaml'),
      registryYaml([{ ...BUILD, outputs: ['README.md'] }, TESTS]),
    );
    r.commit('README.md is built');
    for (let i = 0; i < 2; i++) {
      expect((await r.run(['evaluate', '--run'])).code).toBe(0);
      const now = await statuses(r);
      expect(now.get('build')?.status).toBe('PASS');
      expect(now.get('tests')?.status).toBe('PASS');
    }
    expect((await r.run(['evaluate', '--run', '--control', 'build'])).code).toBe(0);
    expect((await statuses(r)).get('tests')?.status).toBe('PASS');
  });

  it('an edit made before the run is not blamed on the command', async () => {
    const r = makeGateRepo([TESTS], { files: { 'README.md': '# readme\n' } });
    repos.push(r);
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const readme = join(r.dir, 'README.md');
    writeFileSync(readme, `${readFileSync(readme, 'utf8')}edited\n`);
    // written an hour before the run it would be blamed on
    const past = new Date(Date.now() - 3_600_000);
    utimesSync(readme, past, past);
    const tests = (await statuses(r)).get('tests')!;
    expect(tests.status).toBe('STALE');
    expect(tests.reason).not.toContain('rewrote tracked');
  });
});
