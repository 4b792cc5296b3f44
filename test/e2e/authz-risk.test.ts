// Risk classes through the bundle on real git repositories: scan labels each candidate, adopt
// refuses servers and browsers and wants an explicit kind for publishing, deploying, downloading
// and rewriting, evaluate derives the same grants from a hand-edited argv, and inline scripts are
// shown as such in status and claim.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { makeGateRepo, nodeArgv, registryYaml, type GateRepo } from '../helpers/gate-repo.ts';

const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

const PACKAGE = JSON.stringify(
  {
    name: 'fixture',
    scripts: {
      test: 'vitest run',
      release: 'pnpm build && changeset publish',
      deploy: 'firebase deploy',
      dev: 'vite',
      'e2e:setup': 'playwright install --with-deps',
      gen: 'npx cowsay hello',
      'lint:fix': 'eslint . --fix',
      format: 'prettier --write .',
      'format:check': 'prettier --check .',
      preview: 'open http://localhost:3000',
      stamp: 'node -e "console.log(1)"',
    },
    devDependencies: { vitest: '4.0.0', eslint: '9.0.0', prettier: '3.0.0' },
  },
  null,
  2,
);

function repo(): GateRepo {
  const r = makeGateRepo(
    [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('console.log("ok")')} }` }],
    { files: { 'package.json': PACKAGE } },
  );
  repos.push(r);
  return r;
}

interface ScanCandidate {
  id: string;
  authorization: string[];
  risks?: string[];
}

describe('scan classifies every candidate', () => {
  it('labels publish, deploy, downloads, server, rewrites, browser and inline; plain checks stay plain', () => {
    const r = repo();
    const res = runCli(['scan', '--json', '--limit', '100000', '--root', r.dir]);
    expect(res.code, res.stderr).toBe(0);
    const scan = JSON.parse(res.stdout) as { candidates: ScanCandidate[] };
    const of = (id: string) => scan.candidates.find((c) => c.id === id);
    expect(of('npm:release')).toMatchObject({ risks: ['publishes'], authorization: ['publish'] });
    expect(of('npm:deploy')).toMatchObject({ risks: ['deploys'], authorization: ['deploy'] });
    expect(of('npm:dev')?.risks).toEqual(['server']);
    expect(of('npm:e2e:setup')?.risks).toEqual(['downloads']);
    expect(of('npm:gen')?.risks).toEqual(['downloads']);
    expect(of('npm:lint:fix')).toMatchObject({
      risks: ['rewrites'],
      authorization: ['rewrite_files'],
    });
    expect(of('npm:format')?.risks).toEqual(['rewrites']);
    expect(of('npm:format:check')?.risks).toEqual([]);
    expect(of('npm:preview')?.risks).toEqual(['browser']);
    expect(of('npm:stamp')?.risks).toEqual(['inline']);
    expect(of('npm:test')).toMatchObject({ risks: [], authorization: [] });
    const human = runCli(['scan', '--root', r.dir, '--limit', '100000']);
    expect(human.stdout).toMatch(/npm:release .*\[risk: publishes\]/);
  });
});

describe('adopt', () => {
  it('refuses a server and a browser opener even with an authorization', () => {
    const r = repo();
    for (const id of ['npm:dev', 'npm:preview']) {
      const res = runCli(['adopt', id, '--authorize', 'install_dependencies', '--root', r.dir]);
      expect(res.code, id).toBe(2);
      expect(res.stderr + res.stdout).toMatch(/cannot be a control/);
    }
  });

  it('a publishing, downloading or rewriting command needs its kind named, then stays BLOCKED until granted', () => {
    const r = repo();
    for (const [id, kind] of [
      ['npm:release', 'publish'],
      ['npm:e2e:setup', 'install_dependencies'],
      ['npm:lint:fix', 'rewrite_files'],
    ]) {
      const refused = runCli(['adopt', id!, '--root', r.dir]);
      expect(refused.code, id).toBe(2);
      expect(refused.stderr + refused.stdout).toContain(`--authorize ${kind}`);
      const wrong = runCli(['adopt', id!, '--authorize', 'secrets', '--root', r.dir]);
      expect(wrong.code, id).toBe(2);
    }
    const adopted = runCli(['adopt', 'npm:release', '--authorize', 'publish', '--root', r.dir]);
    expect(adopted.code, adopted.stderr).toBe(0);
    const registry = readFileSync(join(r.dir, '.proofgate/controls/registry.yaml'), 'utf8');
    expect(registry).toMatch(/authorization_required:\s*\n?\s*-?\s*\[?publish/);
    r.commit('adopt release');
    const run = runCli(['evaluate', '--run', '--control', 'CMD.npm.release', '--root', r.dir]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/BLOCKED.*--authorize publish/);
    const self = runCli([
      ...['evaluate', '--run', '--control', 'CMD.npm.release'],
      ...['--authorize', 'publish', '--root', r.dir],
    ]);
    expect(self.code).toBe(2);
  });
});

describe('a hand-edited registry', () => {
  function edit(r: GateRepo, argv: string): void {
    writeFileSync(
      join(r.dir, '.proofgate/controls/registry.yaml'),
      registryYaml([{ id: 'build', execution: `{ type: command, argv: ${argv} }` }]),
    );
    r.commit('hand edit');
  }

  it('an argv that publishes without authorization_required is still BLOCKED, nothing runs', () => {
    const r = repo();
    edit(r, '[npm, publish, --dry-run]');
    const res = runCli(['evaluate', '--run', '--control', 'build', '--root', r.dir]);
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/BLOCKED.*--authorize publish/);
    const dry = runCli(['evaluate', '--dry-run', '--control', 'build', '--root', r.dir]);
    expect(dry.stdout).toMatch(/would be BLOCKED \(authorization\): needs --authorize publish/);
  });

  it('a watcher is BLOCKED as not a control, whatever is granted', () => {
    const r = repo();
    edit(r, '[npx, vitest, --watch]');
    const res = runCli([
      ...['evaluate', '--run', '--control', 'build'],
      ...['--granted-by', 'virtual:release-owner', '--root', r.dir],
    ]);
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/BLOCKED.*server or watcher/);
  });

  it('[sh, -c, ...] records a PASS that status and claim show as an inline script', () => {
    const r = repo();
    edit(r, '[sh, -c, "echo built; exit 0"]');
    expect(runCli(['evaluate', '--run', '--control', 'build', '--root', r.dir]).code).toBe(0);
    const status = runCli(['status', '--root', r.dir]);
    expect(status.stdout).toMatch(/PASS\s+build: .*\[inline script\]/);
    const claim = runCli(['claim', '--control', 'build', '--no-record', '--root', r.dir]);
    expect(claim.stdout).toMatch(/inline script: build/);
    const json = JSON.parse(runCli(['status', '--json', '--root', r.dir]).stdout) as {
      statuses: { control: string; risks?: string[] }[];
    };
    expect(json.statuses.find((s) => s.control === 'build')?.risks).toEqual(['inline']);
    const html = join(r.dir, 'report.html');
    expect(runCli(['report', '--html', html, '--root', r.dir]).code).toBeLessThan(2);
    expect(readFileSync(html, 'utf8')).toContain('command (inline script)');
  });
});
