// Keyed means signed, and a segment must start where the ledger can place it: an auditor with a
// registered key cannot have an unsigned audit line counted by writing it by hand, neither in a
// segment that starts from nothing nor in one that branches off before the key was registered.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { canonicalize } from '../../scripts/lib/core/shared/canonical.ts';
import { runCli } from '../helpers/cli.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const DEV = ['--authority-id', 'virtual:developer', '--execution-context', 'local:dev'];
const QA = ['--authority-id', 'virtual:quality', '--execution-context', 'ci:1'];

interface Entry {
  kind: string;
  segment: string;
  seq: number;
  prev: string | null;
  actor: { label: string; authority: string; context: string; keyid?: string };
  storage: { heads: Record<string, string>; objects: string[] };
  sigs?: unknown;
  body: Record<string, unknown>;
}

function ledgerDir(r: GateRepo): string {
  return join(r.dir, '.proofgate', 'evidence', 'ledger');
}

function entries(r: GateRepo): { file: string; lines: string[]; entries: Entry[] } {
  const dir = ledgerDir(r);
  const file = readdirSync(dir).find((f) => f.endsWith('.jsonl'))!;
  const lines = readFileSync(join(dir, file), 'utf8').trimEnd().split('\n');
  return { file, lines, entries: lines.map((l) => JSON.parse(l) as Entry) };
}

/** A repository whose cross auditor registered a key and recorded one signed cross audit. */
async function keyedRepo(): Promise<{ r: GateRepo; env: Record<string, string> }> {
  const keys = mkdtempSync(join(tmpdir(), 'pg-keys-'));
  const r = makeGateRepo([{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('1')} }` }]);
  cleanups.push(() => {
    r.remove();
    rmSync(keys, { recursive: true, force: true });
  });
  const env = { PROOFGATE_KEY_DIR: keys };
  expect((await r.run(['evaluate', '--run', ...DEV], env)).code).toBe(0);
  expect(
    (await r.run(['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'], env)).code,
  ).toBe(0);
  // The manifest changed with the key, so the self result is recorded again.
  expect((await r.run(['evaluate', '--run', ...DEV], env)).code).toBe(0);
  const audit = await r.run(
    ['audit', '--audit-stage', 'cross', '--review-run', 'latest', ...QA],
    env,
  );
  expect(audit.code).toBe(0);
  r.commit('evidence');
  expect(runCli(['verify', '--root', r.dir], env).code).toBe(0);
  return { r, env };
}

/** The signed audit line rewritten by hand as an unsigned line of a new segment. */
function forge(
  r: GateRepo,
  heads: (e: ReturnType<typeof entries>) => Record<string, string>,
): void {
  const ledger = entries(r);
  const audit = ledger.entries.find((e) => e.kind === 'audit')!;
  const { sigs: _sigs, ...unsigned } = audit;
  const { keyid: _keyid, ...actor } = audit.actor;
  const segment = 'ffff0000-forged';
  const line = canonicalize({
    ...unsigned,
    actor,
    segment,
    seq: 0,
    prev: null,
    storage: { ...audit.storage, heads: heads(ledger) },
  });
  writeFileSync(join(ledgerDir(r), `${segment}.jsonl`), `${line}\n`);
}

function verify(r: GateRepo, env: Record<string, string>, extra: string[] = []) {
  const run = runCli(['verify', '--json', '--root', r.dir, ...extra], env);
  const report = JSON.parse(run.stdout) as { findings: { file: string; code: string }[] };
  return {
    code: run.code,
    codes: report.findings.map((f) => `${f.file.split('/').pop()} ${f.code}`),
  };
}

describe('keyed means signed', () => {
  it('an unsigned audit line by a keyed auditor in a segment from nothing is an integrity finding', async () => {
    const { r, env } = await keyedRepo();
    forge(r, () => ({}));
    const result = verify(r, env);
    expect(result.code).toBe(3);
    expect(result.codes).toContain('ffff0000-forged.jsonl SEGMENT_UNPLACED');
    expect(result.codes).toContain('ffff0000-forged.jsonl UNSIGNED_KEYED');
  });

  it('an unsigned line placed before the key entry still must be signed', async () => {
    const { r, env } = await keyedRepo();
    // Branches off the developer's run, which precedes the key entry: placeable, but the key
    // entry never saw it, so the keyed authority's line must carry its signature.
    forge(r, (ledger) => {
      const [name] = ledger.file.split('.');
      return { [name!]: hashOf(ledger.lines[0]!) };
    });
    const result = verify(r, env);
    expect(result.code).toBe(3);
    expect(result.codes).toEqual(['ffff0000-forged.jsonl UNSIGNED_KEYED']);
  });

  it('under --base the hand-written segment is found too', async () => {
    const { r, env } = await keyedRepo();
    r.git('tag', 'base');
    forge(r, () => ({}));
    const result = verify(r, env, ['--base', 'base']);
    expect(result.code).toBe(3);
    expect(result.codes).toContain('ffff0000-forged.jsonl SEGMENT_UNPLACED');
    expect(result.codes).toContain('ffff0000-forged.jsonl UNSIGNED_KEYED');
  });

  it('unsigned entries written before the key was registered stay valid', async () => {
    const { r, env } = await keyedRepo();
    const ledger = entries(r);
    expect(ledger.entries[0]!.sigs).toBeUndefined();
    expect(verify(r, env).code).toBe(0);
  });
});

function hashOf(line: string): string {
  return createHash('sha256').update(line, 'utf8').digest('hex');
}
