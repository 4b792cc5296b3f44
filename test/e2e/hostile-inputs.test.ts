// Inputs that used to crash or hang, on real repositories: YAML alias bombs and undefined aliases
// (exit 2 with the file and reason, not exit 4), an argv element with a NUL byte (BLOCKED with
// the reason, not a crash), `attest --evidence` naming a FIFO (refused at once, not a hang), and
// `outputs` globs that would take the whole tree out of the subject (refused at load, exit 2).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateControl, type GateRepo } from '../helpers/gate-repo.ts';

const PASS: GateControl = {
  id: 'tests',
  execution: `{ type: command, argv: ${nodeArgv('console.log("ok")')} }`,
};
const RUN_AS = ['--authority-id', 'virtual:developer', '--execution-context', 'local:dev'];
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));
function repo(...args: Parameters<typeof makeGateRepo>): GateRepo {
  const r = makeGateRepo(...args);
  cleanups.push(() => r.remove());
  return r;
}

describe('YAML with aliases', () => {
  it('an alias without an anchor: exit 2 naming the file and the reason', async () => {
    const r = repo([PASS]);
    const path = join(r.dir, '.proofgate', 'controls', 'registry.yaml');
    writeFileSync(path, 'version: 1\ncontrols: *nowhere\n');
    const result = await r.run(['status']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/\.proofgate\/controls\/registry\.yaml/);
    expect(result.err).toMatch(/Unresolved alias/);
  });

  it('a "billion laughs" manifest: exit 2, alias expansion refused', async () => {
    const r = repo([PASS]);
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(', ')}]`);
    }
    const path = join(r.dir, '.proofgate', 'controls', 'manifest.yaml');
    writeFileSync(path, `${levels.join('\n')}\n`);
    const result = await r.run(['status']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/manifest\.yaml.*resource exhaustion|alias/i);
  });
});

describe('argv with a NUL byte', () => {
  it('is BLOCKED with the reason before anything is spawned', async () => {
    const control: GateControl = {
      id: 'tests',
      execution: '{ type: command, argv: [node, -e, "console.log(1)\\0rm -rf /"] }',
    };
    const r = repo([control]);
    const result = await r.run(['evaluate', '--run', ...RUN_AS, '--json']);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/BLOCKED/);
    expect(result.out).toMatch(/argv\[2\].*NUL byte/);
  });
});

describe('attest --evidence', () => {
  const manual: GateControl = { id: 'privacy', execution: '{ type: manual }' };
  const human = { authorities: [{ id: 'human:alice', kind: 'human', stages: ['self'] }] };
  const attest = ['attest', '--control', 'privacy', '--status', 'PASS', '--note', 'read the DPA'];
  const alice = ['--authority-id', 'human:alice', '--execution-context', 'local:alice'];

  it('a FIFO is refused at once (exit 2), never read', async () => {
    const r = repo([manual], human);
    execFileSync('mkfifo', [join(r.dir, 'evidence.pipe')]);
    const result = await r.run([...attest, ...alice, '--evidence', 'evidence.pipe']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/evidence\.pipe is not a regular file/);
  }, 20_000);

  it('a regular file is still stored', async () => {
    const r = repo([manual], human);
    writeFileSync(join(r.dir, 'dpa.txt'), 'signed DPA\n');
    const result = await r.run([...attest, ...alice, '--evidence', 'dpa.txt']);
    expect(result.code).toBe(0);
  });
});

describe('outputs that would cover the subject', () => {
  it.each(['**', '*', '**/*', '*/**', '**/'])(
    'outputs: ["%s"] is refused at load (exit 2)',
    async (glob) => {
      const r = repo([{ ...PASS, outputs: [glob] }]);
      const result = await r.run(['status']);
      expect(result.code).toBe(2);
      expect(result.err).toMatch(/outputs\/0: .* covers the whole repository/);
    },
  );

  it('a directory of outputs is still fine', async () => {
    const r = repo([{ ...PASS, outputs: ['coverage/'] }]);
    expect((await r.run(['status'])).code).not.toBe(2);
  });
});
