// The machine is the independent party: a task that needs only the self stage rests on ledger lines
// the agent can write, so the Stop hook runs the task's fast controls again itself. A FAIL turned
// into PASS by hand (chain recomputed, so the ledger verifies) is caught by running the command;
// an honest PASS is released; nothing the rerun does is recorded.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { actingAs } from '../helpers/audit-argv.ts';
import { makeGateRepo, type GateRepo } from '../helpers/gate-repo.ts';
import { hookStopIn } from '../helpers/hook-stop.ts';
import { rewriteAndRechain } from '../helpers/rechain.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const DEV = actingAs('virtual:developer', 'local:dev');
// Exits 1 while src/app.js holds the bug.
const CHECK = `const src = require('fs').readFileSync('src/app.js', 'utf8');\nprocess.exit(src.includes('bug') ? 1 : 0);\n`;

function repo(options: { taskStages?: string; manifestExtra?: string } = {}): GateRepo {
  const r = makeGateRepo(
    [{ id: 'tests', execution: '{ type: command, argv: [node, check.cjs] }' }],
    {
      targetMaturity: 'engineering_ready',
      ...(options.taskStages === undefined ? {} : { taskStages: options.taskStages }),
      files: { 'check.cjs': CHECK },
    },
  );
  cleanups.push(() => r.remove());
  return r;
}

function segment(dir: string): string {
  const ledger = join(dir, '.proofgate', 'evidence', 'ledger');
  return join(
    ledger,
    readdirSync(ledger).find((f) => f.endsWith('.jsonl'))!,
  );
}

/** The last run line of the segment turned from FAIL into PASS, the chain recomputed. */
function forgePass(dir: string, durationMs?: number): void {
  const file = segment(dir);
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const index = lines.findLastIndex((l) => (JSON.parse(l) as { kind: string }).kind === 'run');
  rewriteAndRechain(file, index, (entry) => {
    const body = entry['body'] as Record<string, unknown>;
    expect(body['status']).toBe('FAIL');
    body['status'] = 'PASS';
    body['exit_code'] = 0;
    if (durationMs !== undefined) body['duration_ms'] = durationMs;
  });
}

describe('hook stop runs a self-only task again before it releases it', () => {
  it('a FAIL turned into PASS by hand: claim grants, the hook runs it and blocks', async () => {
    const r = repo();
    writeFileSync(join(r.dir, 'src', 'app.js'), 'export const x = 1; // bug\n');
    expect((await r.run(['evaluate', '--run', ...DEV])).code).toBe(1);
    forgePass(r.dir);
    const ledgerBefore = readFileSync(segment(r.dir), 'utf8');
    const claim = await r.run(['claim', '--control', 'tests', '--no-record']);
    expect(claim.code, claim.out + claim.err).toBe(0);
    const stop = await hookStopIn(r.dir, '--control', 'tests');
    expect(stop.decision).toBe('block');
    expect(stop.reason).toContain('the hook ran it again and it exits 1');
    expect(stop.reason).toContain('proofgate evaluate --run --control tests');
    // The rerun recorded nothing beyond the hook's own note.
    const added = readFileSync(segment(r.dir), 'utf8').slice(ledgerBefore.length);
    expect(added).not.toContain('"kind":"run"');
  });

  it('a forged PASS that claims to be slow is run again all the same: the shortest run decides', async () => {
    const r = repo();
    expect((await r.run(['evaluate', '--run', ...DEV])).code).toBe(0);
    writeFileSync(join(r.dir, 'src', 'app.js'), 'export const x = 1; // bug\n');
    expect((await r.run(['evaluate', '--run', ...DEV])).code).toBe(1);
    // An hour, far over rerun_max_ms: were the latest line to decide, the hook would not run it.
    forgePass(r.dir, 3_600_000);
    expect((await r.run(['claim', '--control', 'tests', '--no-record'])).code).toBe(0);
    const stop = await hookStopIn(r.dir, '--control', 'tests');
    expect(stop.decision).toBe('block');
    expect(stop.reason).toContain('the hook ran it again and it exits 1');
  });

  it('an honest PASS is released, and the rerun leaves no evidence object behind', async () => {
    const r = repo();
    expect((await r.run(['evaluate', '--run', ...DEV])).code).toBe(0);
    const objects = join(r.dir, '.proofgate', 'evidence', 'objects');
    const before = readdirSync(objects, { recursive: true }).sort();
    expect((await hookStopIn(r.dir, '--control', 'tests')).decision).toBeUndefined();
    // Its output stays in memory: an object on disk would be evidence no ledger line names.
    expect(readdirSync(objects, { recursive: true }).sort()).toEqual(before);
  });

  it('a task that needs the cross stage is not re-run: the missing audit refuses it', async () => {
    const r = repo({ taskStages: '[self, cross]' });
    writeFileSync(join(r.dir, 'src', 'app.js'), 'export const x = 1; // bug\n');
    expect((await r.run(['evaluate', '--run', ...DEV])).code).toBe(1);
    forgePass(r.dir);
    const stop = await hookStopIn(r.dir, '--control', 'tests');
    expect(stop.decision).toBe('block');
    expect(stop.reason).not.toContain('ran it again');
  });
});
