// A grant by an authority with a registered key carries that authority's own signature over the
// grant (what, to whom, for which control, on which tree), separate from the acting authority's
// entry signature. Without it an actor could write any grantor's name into its own run entry.
// Refused at record time (exit 2) when the key is not at hand; an unsigned, lifted or forged grant
// found in the ledger is an integrity finding (exit 3) for verify and for every verdict.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { crossAuditArgv } from '../helpers/audit-argv.ts';
import { canonicalize } from '../../scripts/lib/core/shared/canonical.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

interface Keyed {
  r: GateRepo;
  env: Record<string, string>;
}

async function keyedOwnerRepo(): Promise<Keyed> {
  const r = makeGateRepo([
    {
      id: 'ENG.BUILD',
      execution: `{ type: command, argv: ${nodeArgv('console.log("built")')}, authorization_required: [install_dependencies] }`,
    },
  ]);
  const keys = mkdtempSync(join(tmpdir(), 'pg-grant-keys-'));
  cleanups.push(() => {
    r.remove();
    rmSync(keys, { recursive: true, force: true });
  });
  const env = { PROOFGATE_KEY_DIR: keys };
  const generate = await r.run(
    ['authority', 'keys', 'generate', '--authority-id', 'virtual:release-owner'],
    env,
  );
  expect(generate.code, generate.err).toBe(0);
  return { r, env };
}

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

function segment(r: GateRepo): string {
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  const name = readdirSync(dir).find((f) => f.endsWith('.jsonl'));
  if (name === undefined) throw new Error('no segment');
  return join(dir, name);
}

type Entry = { kind: string; body: { grants?: Record<string, unknown>[] } };

function lines(r: GateRepo): string[] {
  return readFileSync(segment(r), 'utf8').split('\n').filter(Boolean);
}

// Rewrites the last line (no successor, so the chain stays intact) with `change` applied.
function rewriteLast(r: GateRepo, change: (entry: Entry) => void): void {
  const all = lines(r);
  const last = JSON.parse(all.pop()!) as Entry;
  change(last);
  writeFileSync(segment(r), `${[...all, canonicalize(last)].join('\n')}\n`);
}

describe('a keyed grantor signs its grant', () => {
  it('the recorded grant carries the grantor key and a signature; verify and claim accept it', async () => {
    const { r, env } = await keyedOwnerRepo();
    const run = await r.run(RUN, env);
    expect(run.code, run.err).toBe(0);
    const entry = lines(r)
      .map((l) => JSON.parse(l) as Entry)
      .find((e) => e.kind === 'run');
    const grant = entry?.body.grants?.[0];
    expect(grant?.['by']).toBe('virtual:release-owner');
    expect(grant?.['keyid']).toMatch(/^[0-9a-f]{64}$/);
    expect(grant?.['sig']).toMatch(/^[A-Za-z0-9+/]{86}==$/);
    expect((await r.run(['verify', '--full'], env)).code).toBe(0);
    expect((await r.run(['claim', '--control', 'ENG.BUILD', '--no-record'], env)).code).toBe(0);
  });

  it('a keyed grantor whose key is not at hand: exit 2 at record time, nothing runs', async () => {
    const { r } = await keyedOwnerRepo();
    const before = lines(r).length;
    const empty = mkdtempSync(join(tmpdir(), 'pg-no-keys-'));
    cleanups.push(() => rmSync(empty, { recursive: true, force: true }));
    const run = await r.run(RUN, { PROOFGATE_KEY_DIR: empty });
    expect(run.code).toBe(2);
    expect(run.err).toContain('virtual:release-owner');
    expect(lines(r)).toHaveLength(before);
  });
});

describe('an audit re-execution under a keyed grant', () => {
  it('the auditor run records the grant signed by the grantor; stripping it is exit 3', async () => {
    const { r, env } = await keyedOwnerRepo();
    const actor = ['--authority-id', 'virtual:developer', '--execution-context', 'local:dev'];
    expect((await r.run([...RUN, ...actor], env)).code).toBe(0);
    const audit = await r.run(
      [
        ...crossAuditArgv('ci:1'),
        '--authorize',
        'install_dependencies',
        '--granted-by',
        'virtual:release-owner',
      ],
      env,
    );
    expect(audit.code, audit.err).toBe(0);
    type AuditEntry = { kind: string; body: { run?: { grants?: Record<string, unknown>[] } } };
    const last = JSON.parse(lines(r).at(-1)!) as AuditEntry;
    expect(last.kind).toBe('audit');
    expect(last.body.run?.grants?.[0]?.['sig']).toMatch(/==$/);
    expect((await r.run(['verify', '--full'], env)).code).toBe(0);
    rewriteLast(r, (e) => {
      delete (e as unknown as AuditEntry).body.run!.grants![0]!['sig'];
    });
    const verify = await r.run(['verify', '--full'], env);
    expect(verify.code).toBe(3);
    expect(verify.out).toContain('GRANT_UNSIGNED');
  });
});

describe('a grant in the ledger without its grantor signature is an integrity finding', () => {
  it('the signature stripped from a recorded grant: verify, claim and status exit 3 naming the line', async () => {
    const { r, env } = await keyedOwnerRepo();
    expect((await r.run(RUN, env)).code).toBe(0);
    rewriteLast(r, (e) => {
      delete e.body.grants![0]!['sig'];
    });
    const at = `${lines(r).length}`;
    const verify = await r.run(['verify', '--full'], env);
    expect(verify.code).toBe(3);
    expect(verify.out).toMatch(new RegExp(`\\.jsonl:${at}: GRANT_UNSIGNED`));
    const claim = await r.run(['claim', '--control', 'ENG.BUILD', '--no-record'], env);
    expect(claim.code).toBe(3);
    expect(claim.err).toContain('GRANT_UNSIGNED');
    expect((await r.run(['status'], env)).code).toBe(3);
  });

  it('a grant written by hand without key or signature (the actor naming the owner) is exit 3', async () => {
    const { r, env } = await keyedOwnerRepo();
    expect((await r.run(RUN, env)).code).toBe(0);
    rewriteLast(r, (e) => {
      e.body.grants = [{ kind: 'install_dependencies', by: 'virtual:release-owner' }];
    });
    const verify = await r.run(['verify', '--full', '--json'], env);
    expect(verify.code).toBe(3);
    const doc = JSON.parse(verify.out) as { findings: { code: string }[] };
    expect(doc.findings.map((f) => f.code)).toContain('GRANT_UNSIGNED');
  });

  it('a signature lifted from another run (another tree) does not verify: exit 3', async () => {
    const { r, env } = await keyedOwnerRepo();
    expect((await r.run(RUN, env)).code).toBe(0);
    const first = lines(r)
      .map((l) => JSON.parse(l) as Entry)
      .find((e) => e.kind === 'run');
    writeFileSync(join(r.dir, 'src/app.js'), 'export const x = 2;\n');
    // The second run, on another tree, gets its own signed grant; its grant is then swapped for
    // the first run's, whose signature covers the old tree.
    expect((await r.run(RUN, env)).code).toBe(0);
    rewriteLast(r, (e) => {
      e.body.grants = first!.body.grants!;
    });
    const verify = await r.run(['verify', '--full'], env);
    expect(verify.code).toBe(3);
    expect(verify.out).toContain('GRANT_SIGNATURE_INVALID');
    expect((await r.run(['claim', '--control', 'ENG.BUILD', '--no-record'], env)).code).toBe(3);
  });

  it('a grant naming a key the grantor does not have is exit 3', async () => {
    const { r, env } = await keyedOwnerRepo();
    expect((await r.run(RUN, env)).code).toBe(0);
    rewriteLast(r, (e) => {
      e.body.grants![0]!['keyid'] = 'f'.repeat(64);
    });
    const verify = await r.run(['verify', '--full'], env);
    expect(verify.code).toBe(3);
    expect(verify.out).toContain('GRANT_SIGNATURE_INVALID');
  });
});
