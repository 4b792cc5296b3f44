// Keys apply forward to decisions too (issue 48, part 4): a campaign registered unsigned before its
// owner's key entry keeps counting where an unsigned one counts (prototype), as unsigned; a key
// registered afterwards never makes it count as signed (engineering_ready still refuses it), and an
// unsigned registration after the key entry fails verify (exit 3 everywhere). A solo owner
// (`init --owner`: human, self and release_authority) starts a campaign at engineering_ready with
// no separate release identity: `campaign start` picks the owner, and once the owner has a key the
// next start registers a signed revision that counts.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { canonicalize } from '../../scripts/lib/core/shared/canonical.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const MANIFEST = join('.proofgate', 'controls', 'manifest.yaml');
const ALICE = { id: 'human:alice', kind: 'human', stages: ['self', 'release_authority'] };

function repo(targetMaturity: string): { r: GateRepo; env: Record<string, string> } {
  const r = makeGateRepo(
    [{ id: 'unit', execution: `{ type: command, argv: ${nodeArgv('process.exit(0)')} }` }],
    { targetMaturity, authorities: [ALICE] },
  );
  const manifest = join(r.dir, MANIFEST);
  writeFileSync(
    manifest,
    readFileSync(manifest, 'utf8').replace(
      'development_mode: human_greenfield',
      'development_mode: ai_brownfield',
    ),
  );
  r.commit('ai_brownfield');
  const keys = mkdtempSync(join(tmpdir(), 'pg-forward-owner-'));
  cleanups.push(() => {
    r.remove();
    rmSync(keys, { recursive: true, force: true });
  });
  return { r, env: { PROOFGATE_KEY_DIR: keys } };
}

function segment(r: GateRepo): string {
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  const name = readdirSync(dir).find((f) => f.endsWith('.jsonl') && !f.startsWith('root'));
  if (name === undefined) throw new Error('no segment');
  return join(dir, name);
}

const START = ['campaign', 'start', '--task', 't1', '--control', 'unit'];
const KEYGEN = ['authority', 'keys', 'generate', '--authority-id', 'human:alice'];
const CLAIM = ['claim', '--campaign', 'tasks', '--task', 't1', '--no-record'];

describe('a campaign registered before its owner had a key', () => {
  it('at prototype it keeps counting, as unsigned: verify INTACT, the claim completes', async () => {
    const { r, env } = repo('prototype');
    const started = await r.run(START, env);
    expect(started.code, started.err).toBe(0);
    expect(started.out.split('\n')[0]).toBe(
      'STARTED task t1 in campaign tasks r1 (registered revision 1 as human:alice)',
    );
    expect((await r.run(['evaluate', '--run', '--control', 'unit'], env)).code).toBe(0);
    expect((await r.run(CLAIM, env)).code).toBe(0);
    expect((await r.run(KEYGEN, env)).code).toBe(0);
    r.commit('owner key');
    const verify = await r.run(['verify', '--full'], env);
    expect(verify.code, verify.out).toBe(0);
    expect(verify.out).toMatch(/[1-9]\d* unsigned before their authority's key \(valid/);
    // Before keys applied forward, the key made this campaign stop counting.
    const claim = await r.run(CLAIM, env);
    expect(claim.out.split('\n')[0]).toMatch(/^COMPLETED \[task\] campaign tasks r1 task t1/);
    expect(claim.code).toBe(0);
    const json = JSON.parse((await r.run(['campaign', 'show', 'tasks', '--json'], env)).out) as {
      campaign: { keyid?: string };
    };
    expect(json.campaign.keyid).toBeUndefined(); // labelled unsigned: never given a key id
  });

  it('at engineering_ready a key registered afterwards does not make it count as signed', async () => {
    const { r, env } = repo('engineering_ready');
    expect((await r.run(START, env)).code).toBe(0);
    expect((await r.run(['evaluate', '--run', '--control', 'unit'], env)).code).toBe(0);
    const unsigned = await r.run(CLAIM, env);
    expect(unsigned.code).toBe(1);
    expect(unsigned.out).toContain(
      'campaign:tasks [release_authority]: campaign tasks r1 is not signed by a key registered to human:alice',
    );
    expect((await r.run(KEYGEN, env)).code).toBe(0);
    r.commit('owner key');
    const after = await r.run(CLAIM, env);
    expect(after.code).toBe(1);
    expect(after.out).toContain(
      'campaign tasks r1 is not signed by a key registered to human:alice',
    );
  });

  it('an unsigned registration after the key entry is refused when written and fails verify when forged', async () => {
    const { r, env } = repo('prototype');
    expect((await r.run(KEYGEN, env)).code).toBe(0);
    r.commit('owner key');
    const empty = mkdtempSync(join(tmpdir(), 'pg-forward-empty-'));
    cleanups.push(() => rmSync(empty, { recursive: true, force: true }));
    const refused = await r.run(START, { PROOFGATE_KEY_DIR: empty });
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('KEY_INVALID');
    // Signed with the key, then the signature stripped from the line (the last: no successor).
    expect((await r.run(START, env)).code).toBe(0);
    const lines = readFileSync(segment(r), 'utf8').split('\n').filter(Boolean);
    const last = JSON.parse(lines.pop()!) as { sigs?: unknown; actor: { keyid?: string } };
    delete last.sigs;
    delete last.actor.keyid;
    writeFileSync(segment(r), `${[...lines, canonicalize(last)].join('\n')}\n`);
    const verify = await r.run(['verify', '--full'], env);
    expect(verify.code).toBe(3);
    expect(verify.out).toMatch(/UNSIGNED/);
    expect((await r.run(CLAIM, env)).code).toBe(3);
  });
});

describe('a solo owner at engineering_ready (no separate release identity)', () => {
  it('campaign start picks the owner; with the owner key the next start registers a signed revision that counts', async () => {
    const { r, env } = repo('engineering_ready');
    // human:alice and virtual:release-owner both hold release_authority: the one human is picked.
    const first = await r.run(START, env);
    expect(first.code, first.err).toBe(0);
    expect(first.out.split('\n')[0]).toBe(
      'STARTED task t1 in campaign tasks r1 (registered revision 1 as human:alice)',
    );
    expect((await r.run(KEYGEN, env)).code).toBe(0);
    r.commit('owner key');
    const signed = await r.run(['campaign', 'start', '--task', 't1'], env);
    expect(signed.code, signed.err).toBe(0);
    expect(signed.out.split('\n')[0]).toBe(
      'STARTED task t1 in campaign tasks r2 (registered revision 2 as human:alice)',
    );
    expect((await r.run(['evaluate', '--run', '--control', 'unit'], env)).code).toBe(0);
    const claim = await r.run(CLAIM, env);
    expect(claim.out.split('\n')[0]).toMatch(/^COMPLETED \[task\] campaign tasks r2 task t1/);
    expect(claim.code).toBe(0);
    expect((await r.run(['verify', '--full'], env)).code).toBe(0);
  });

  it('two release authorities that could both sign: the owner chooses (exit 2 naming a runnable command)', async () => {
    const { r, env } = repo('engineering_ready');
    expect((await r.run(KEYGEN, env)).code).toBe(0);
    const other = ['authority', 'keys', 'generate', '--authority-id', 'virtual:release-owner'];
    expect((await r.run(other, env)).code).toBe(0);
    r.commit('two keys');
    const out = await r.run(START, env);
    expect(out.code).toBe(2);
    expect(out.err).toContain('--authority-id <one of: virtual:release-owner, human:alice>');
    expect(out.err).toContain('next: proofgate campaign start --task t1 --authority-id');
  });
});

describe('a not-applicable mark recorded before its owner had a key', () => {
  it('keeps counting after the key; the same mark made after the key without a signature does not', async () => {
    const { r, env } = repo('engineering_ready');
    const NA = ['adopt', '--not-applicable', 'unit', '--rationale', 'nothing to test'];
    const marked = await r.run([...NA, '--authority-id', 'human:alice'], env);
    expect(marked.code, marked.err).toBe(0);
    r.commit('unit does not apply');
    const before = await r.run(['status'], env);
    expect(before.out).toMatch(/NOT_APPLICABLE unit/);
    expect((await r.run(KEYGEN, env)).code).toBe(0);
    r.commit('owner key');
    expect((await r.run(['verify', '--full'], env)).code).toBe(0);
    const after = await r.run(['status'], env);
    expect(after.out).toMatch(/NOT_APPLICABLE unit/);
    expect(after.out).not.toContain('no decision signed with it');
    // The adversary re-words the mark in the registry after the key: the digest no longer matches
    // the decision dated before the key, and nothing unsigned can be added after it.
    const registry = join(r.dir, '.proofgate', 'controls', 'registry.yaml');
    writeFileSync(
      registry,
      readFileSync(registry, 'utf8').replace('nothing to test', 'nothing at all to test'),
    );
    r.commit('re-worded');
    const reworded = await r.run(['status'], env);
    expect(reworded.out).toMatch(/TODO\s+unit/);
    expect(reworded.out).toContain('no decision signed with it names this control and rationale');
  });
});
