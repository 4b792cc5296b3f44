// Progress lines on stderr (start, heartbeat, end) and controls marked exclusive running alone,
// through the CLI on a scratch repository.
import { describe, expect, test } from 'vitest';
import { makeGateRepo, nodeArgv } from '../helpers/gate-repo.ts';
import { runCli } from '../helpers/cli.ts';

const command = (script: string): string => `{ type: command, argv: ${nodeArgv(script)} }`;
/** Sleeps well past a few heartbeats of 20 ms. */
const SLOW = command('setTimeout(() => process.exit(0), 400)');

describe('progress on stderr', () => {
  test('--progress prints a start line, heartbeats and an end line with the elapsed time', () => {
    const repo = makeGateRepo([{ id: 'SLOW', execution: SLOW }]);
    const run = runCli(['evaluate', '--run', '--progress', '--root', repo.dir], {
      PROOFGATE_HEARTBEAT_MS: '20',
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^evaluate: SLOW started \(1 running\)$/m);
    expect(run.stderr).toMatch(/^evaluate: SLOW still running \(\d+\.\d s\)$/m);
    expect(run.stderr).toMatch(/^evaluate: SLOW PASS in \d+\.\d s \(1\/1 done\)$/m);
    expect(run.stdout).not.toContain('started');
  });

  test('off a terminal a short run is quiet and a long one is not; --json and --quiet stay quiet', async () => {
    const repo = makeGateRepo([{ id: 'SLOW', execution: SLOW }]);
    const env = { PROOFGATE_HEARTBEAT_MS: '20' };
    const plain = await repo.run(['evaluate', '--run'], env);
    expect(plain.code).toBe(0);
    expect(plain.err).toBe('');
    // A run that outlasts the wait (shortened here from a few seconds) prints plain lines.
    const long = { ...env, PROOFGATE_PROGRESS_AFTER_MS: '100' };
    const ci = await repo.run(['evaluate', '--run'], long);
    expect(ci.code).toBe(0);
    expect(ci.err).toMatch(/^evaluate: SLOW still running \(\d+\.\d s\)$/m);
    expect(ci.err).toMatch(/^evaluate: SLOW PASS in \d+\.\d s \(1\/1 done\)$/m);
    expect(ci.err).not.toContain('\u001b');
    expect((await repo.run(['evaluate', '--run', '--quiet'], long)).err).toBe('');
    expect((await repo.run(['evaluate', '--run', '--json'], long)).err).toBe('');
    const json = await repo.run(['evaluate', '--run', '--json'], env);
    expect(json.err).toBe('');
    const asked = await repo.run(['evaluate', '--run', '--json', '--progress'], env);
    expect(asked.err).toMatch(/^evaluate: SLOW started/m);
    expect(JSON.parse(asked.out).run.ok).toBe(true);
  });
});

describe('exclusive controls', () => {
  test('an exclusive control runs while no other control does', async () => {
    // Each shared control holds a marker file while it runs; the exclusive one fails if it sees any.
    const hold = (name: string): string =>
      command(
        `const f=require('fs');f.writeFileSync('${name}.running','');setTimeout(()=>{f.unlinkSync('${name}.running');process.exit(0)},300)`,
      );
    const check = command(
      `const f=require('fs');process.exit(f.readdirSync('.').some(n=>n.endsWith('.running'))?1:0)`,
    );
    const repo = makeGateRepo([
      { id: 'A', execution: hold('a'), outputs: ['*.running'] },
      { id: 'BUILD', execution: check },
      { id: 'B', execution: hold('b'), outputs: ['*.running'] },
    ]);
    const registry = `${repo.dir}/.proofgate/controls/registry.yaml`;
    const { readFileSync, writeFileSync } = await import('node:fs');
    writeFileSync(
      registry,
      readFileSync(registry, 'utf8').replace(
        /(- id: BUILD\n(?: {4}.*\n)*? {4}evidence_required: \[output\]\n)/,
        '$1    exclusive: true\n',
      ),
    );
    expect(readFileSync(registry, 'utf8')).toContain('exclusive: true');
    repo.commit('BUILD runs alone');
    const plan = await repo.run(['evaluate', '--dry-run']);
    expect(plan.out).toMatch(/PLANNED +BUILD: would run .*, alone \(exclusive\)/);
    expect(plan.out).not.toMatch(/PLANNED +A: .*exclusive/);
    const run = await repo.run(['evaluate', '--run', '--jobs', '4', '--json']);
    const results = JSON.parse(run.out).run.results as { control: string; status: string }[];
    expect(results.map((r) => `${r.control} ${r.status}`)).toEqual([
      'A PASS',
      'BUILD PASS',
      'B PASS',
    ]);
  });
});
