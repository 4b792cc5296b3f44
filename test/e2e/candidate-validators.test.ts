// verify --candidate: the offline validators of an execution-closure and a plane-mutator proposal,
// ported from the peer's candidate scenarios. A valid candidate only earns a review (exit 0,
// REVIEW_REQUIRED, never PASS); each rule rejects with exit 1 naming where; a malformed file is
// exit 2. Nothing is run or written: the ledger stays as it was.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  digestPlan,
  type MutatorCandidate,
} from '../../scripts/lib/core/candidate/check-plane-mutator.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});
function repo(): GateRepo {
  const r = makeGateRepo([{ id: 'unit', execution: `{ type: command, argv: ${nodeArgv('1')} }` }]);
  repos.push(r);
  return r;
}

const CLOSURE = {
  format: 'proofgate.execution-closure/1',
  id: 'refund-flow',
  capabilities: [{ id: 'payments' }, { id: 'fs' }],
  hops: [
    { id: 'check', capability: 'payments', phase: 'preflight' },
    { id: 'try', capability: 'payments', phase: 'attempt', after: ['check'], consumes: ['check'] },
    {
      id: 'commit',
      capability: 'payments',
      phase: 'commit',
      after: ['try'],
      consumes: ['try'],
      outcome: 'observed',
    },
    { id: 'done', capability: 'fs', phase: 'close', after: ['commit'], consumes: ['commit'] },
  ],
  chains: [{ id: 'refund', hops: ['check', 'try', 'commit', 'done'] }],
};

type Closure = typeof CLOSURE & { hops: Record<string, unknown>[] };
const clone = (): Closure => structuredClone(CLOSURE);

async function check(r: GateRepo, kind: string, value: unknown, name = 'c.json') {
  writeFileSync(join(r.dir, name), typeof value === 'string' ? value : JSON.stringify(value));
  return r.run(['verify', '--candidate', kind, join(r.dir, name)]);
}

describe('execution-closure', () => {
  it('a closed candidate is valid for review only, and nothing is written', async () => {
    const r = repo();
    const ok = await check(r, 'execution-closure', CLOSURE);
    expect(ok.out.split('\n')[0]).toMatch(/^CANDIDATE_VALID execution-closure refund-flow/);
    expect(ok.out).toContain('promotion: REVIEW_REQUIRED; assurance: PROPOSAL_ONLY');
    expect(ok.code).toBe(0);
    expect(existsSync(join(r.dir, '.proofgate', 'evidence'))).toBe(false);
  });

  const cases: [string, (c: Closure) => void, string][] = [
    [
      'an open chain',
      (c) => {
        c.chains[0]!.hops = ['check', 'try', 'commit'];
        c.hops = c.hops.filter((h) => h['id'] !== 'done');
        c.capabilities = [{ id: 'payments' }];
      },
      'open chain',
    ],
    [
      'an unused hop',
      (c) => void c.hops.push({ id: 'stray', capability: 'fs', phase: 'verify' }),
      'unused hop',
    ],
    ['an unused capability', (c) => void c.capabilities.push({ id: 'gpu' }), 'unused capability'],
    [
      'a post-attempt preflight',
      (c) => {
        c.hops.push({ id: 'late', capability: 'payments', phase: 'preflight', after: ['try'] });
        c.chains[0]!.hops = ['check', 'try', 'late', 'commit', 'done'];
      },
      'post-attempt preflight',
    ],
    [
      'a commit on a prevented effect',
      (c) => void (c.hops[1]!['outcome'] = 'prevented'),
      'prevented',
    ],
    ['data flow against time', (c) => void (c.hops[1]!['after'] = []), 'not ordered before it'],
    ['a cycle', (c) => void (c.hops[0]!['after'] = ['done']), 'cycle'],
    [
      'a ledger integration',
      (c) => void (c.hops[3]!['writes'] = ['.proofgate/evidence/ledger/x.jsonl']),
      'never integrates with the ledger',
    ],
  ];
  for (const [what, edit, says] of cases) {
    it(`rejects ${what} (exit 1)`, async () => {
      const r = repo();
      const c = clone();
      edit(c);
      const out = await check(r, 'execution-closure', c);
      expect(out.out.split('\n')[0]).toMatch(/^CANDIDATE_REJECTED/);
      expect(out.out).toContain(says);
      expect(out.out).toContain('NOT_PROMOTABLE');
      expect(out.code).toBe(1);
    });
  }

  it('a file that is not JSON, or breaks the schema, is exit 2 with every problem', async () => {
    const r = repo();
    expect((await check(r, 'execution-closure', '{not json')).code).toBe(2);
    const bad = await check(r, 'execution-closure', { ...CLOSURE, format: 'other', extra: 1 });
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('CANDIDATE_ERROR');
    expect(bad.err).toContain('/format');
    expect(bad.err).toContain('extra');
  });
});

function mutator(): MutatorCandidate {
  const operations = [
    { kind: 'registry' as const, path: 'controls/registry.yaml', action: 'update' as const },
    { kind: 'docs' as const, path: 'docs/guide.md', action: 'update' as const },
  ];
  return {
    format: 'proofgate.plane-mutator/1',
    id: 'add-control',
    kinds: {
      manifest: 'read-only',
      registry: 'write',
      traces: 'read-only',
      knowledge: 'read-only',
      docs: 'write',
      index: 'read-only',
      evidence: 'read-only',
      ledger: 'read-only',
    },
    plan: { digest: digestPlan(operations), operations },
    observed_writes: operations.map(({ kind, path }) => ({ kind, path })),
  };
}

describe('plane-mutator', () => {
  it('a bound, canonical plan within writable kinds is valid for review only', async () => {
    const r = repo();
    const ok = await check(r, 'plane-mutator', mutator());
    expect(ok.out.split('\n')[0]).toMatch(/^CANDIDATE_VALID plane-mutator add-control/);
    expect(ok.code).toBe(0);
  });

  const rebind = (m: MutatorCandidate) => {
    m.plan.digest = digestPlan(m.plan.operations);
    m.observed_writes = m.plan.operations.map(({ kind, path }) => ({ kind, path }));
  };
  const cases: [string, (m: MutatorCandidate) => void, string][] = [
    [
      'a write in a read-only kind',
      (m) => {
        m.plan.operations.push({
          kind: 'manifest',
          path: 'controls/manifest.yaml',
          action: 'update',
        });
        m.plan.operations.sort((a, b) => a.path.localeCompare(b.path));
        rebind(m);
      },
      'read-only kind manifest',
    ],
    [
      'the ledger declared writable',
      (m) => void (m.kinds.ledger = 'write'),
      'read-only to every mutator',
    ],
    [
      'a glob path',
      (m) => {
        m.plan.operations[1]!.path = 'docs/*.md';
        rebind(m);
      },
      'a glob',
    ],
    [
      'a non-canonical path',
      (m) => {
        m.plan.operations[1]!.path = 'docs/../controls/manifest.yaml';
        rebind(m);
      },
      'non-canonical',
    ],
    [
      'plan substitution',
      (m) => void (m.plan.operations[1]!.path = 'docs/other.md'),
      'plan substitution',
    ],
    [
      'residue',
      (m) => void m.observed_writes.push({ kind: 'docs', path: 'docs/extra.md' }),
      'residue',
    ],
    ['a missing kind', (m) => void delete m.kinds.traces, '/kinds/traces: missing'],
    [
      'a path outside its kind',
      (m) => {
        m.plan.operations[1]!.path = 'controls/guide.md';
        m.plan.operations.sort((a, b) => a.path.localeCompare(b.path));
        rebind(m);
      },
      "outside the docs kind's scope",
    ],
  ];
  for (const [what, edit, says] of cases) {
    it(`rejects ${what} (exit 1)`, async () => {
      const r = repo();
      const m = mutator();
      edit(m);
      const out = await check(r, 'plane-mutator', m);
      expect(out.out.split('\n')[0]).toMatch(/^CANDIDATE_REJECTED/);
      expect(out.out).toContain(says);
      expect(out.code).toBe(1);
    });
  }
});
