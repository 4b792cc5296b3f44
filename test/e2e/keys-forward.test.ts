// Keys apply forward: a key registered for an authority covers that authority's entries and grants
// written after its key entry (ledger order). An unsigned grant given before the key stays valid,
// as an unsigned grant (labelled so, and never a signed stage), instead of breaking verify and
// every verdict for good; an unsigned grant written after the key entry is still GRANT_UNSIGNED.
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

const RUN = [
  'evaluate',
  '--run',
  '--control',
  'ENG.BUILD',
  '--authorize',
  'install_dependencies',
  '--granted-by',
  'virtual:release-owner',
];

function repo(): { r: GateRepo; env: Record<string, string> } {
  const r = makeGateRepo([
    {
      id: 'ENG.BUILD',
      execution: `{ type: command, argv: ${nodeArgv('console.log("built", process.hrtime.bigint())')}, authorization_required: [install_dependencies] }`,
    },
  ]);
  const keys = mkdtempSync(join(tmpdir(), 'pg-forward-keys-'));
  cleanups.push(() => {
    r.remove();
    rmSync(keys, { recursive: true, force: true });
  });
  return { r, env: { PROOFGATE_KEY_DIR: keys } };
}

function segment(r: GateRepo): string {
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  const name = readdirSync(dir).find((f) => f.endsWith('.jsonl'));
  if (name === undefined) throw new Error('no segment');
  return join(dir, name);
}

type Entry = { kind: string; body: { grants?: Record<string, unknown>[] } };

describe('a key registered after an unsigned grant', () => {
  it('the earlier grant stays valid as unsigned: verify INTACT, verdicts decide, labelled unsigned', async () => {
    const { r, env } = repo();
    const unsigned = await r.run(RUN, env);
    expect(unsigned.code, unsigned.err).toBe(0);
    const generate = await r.run(
      ['authority', 'keys', 'generate', '--authority-id', 'virtual:release-owner'],
      env,
    );
    expect(generate.code, generate.err).toBe(0);
    const verify = await r.run(['verify', '--full'], env);
    expect(verify.code, verify.out).toBe(0);
    expect(verify.out).toContain(
      "1 unsigned before their authority's key (valid, counted as unsigned)",
    );
    const json = JSON.parse((await r.run(['verify', '--full', '--json'], env)).out) as {
      findingCount: number;
      counts: { beforeKey?: number };
    };
    expect(json.findingCount).toBe(0);
    expect(json.counts.beforeKey).toBe(1);
    expect((await r.run(['status'], env)).code).not.toBe(3);
    expect((await r.run(['claim', '--control', 'ENG.BUILD', '--no-record'], env)).code).toBe(0);
    const query = await r.run(['query', 'run', 'latest'], env);
    expect(query.code).toBe(0);
    expect(query.out).toContain('grants: install_dependencies by virtual:release-owner (unsigned)');
    // After the key, the grantor signs: the new grant is labelled signed.
    expect((await r.run(RUN, env)).code).toBe(0);
    expect((await r.run(['query', 'run', 'latest'], env)).out).toContain(
      'install_dependencies by virtual:release-owner (signed)',
    );
    expect((await r.run(['verify', '--full'], env)).code).toBe(0);
  });

  it('an unsigned grant written after the key entry is still GRANT_UNSIGNED (exit 3 everywhere)', async () => {
    const { r, env } = repo();
    expect(
      (
        await r.run(
          ['authority', 'keys', 'generate', '--authority-id', 'virtual:release-owner'],
          env,
        )
      ).code,
    ).toBe(0);
    expect((await r.run(RUN, env)).code).toBe(0);
    // Strip the grantor's signature from the last line (no successor: the chain stays intact).
    const lines = readFileSync(segment(r), 'utf8').split('\n').filter(Boolean);
    const last = JSON.parse(lines.pop()!) as Entry;
    for (const grant of last.body.grants ?? []) {
      delete grant['sig'];
      delete grant['keyid'];
    }
    writeFileSync(segment(r), `${[...lines, canonicalize(last)].join('\n')}\n`);
    const verify = await r.run(['verify', '--full'], env);
    expect(verify.code).toBe(3);
    expect(verify.out).toContain('GRANT_UNSIGNED');
    expect(verify.out).toContain(
      'no key entry of virtual:release-owner was written after this entry',
    );
    const claim = await r.run(['claim', '--control', 'ENG.BUILD', '--no-record'], env);
    expect(claim.code).toBe(3);
    expect(claim.err).toContain('GRANT_UNSIGNED');
  });
});
