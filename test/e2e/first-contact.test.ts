// First-contact problems newcomers met on real repositories: a status line whose verdict and
// blocker count disagree, `query entry latest` answering the root note, ci-import refusing HEAD.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT_SEGMENT, rootBody } from '../../scripts/lib/core/ledger/ledger-root.ts';
import { appendEntry } from '../../scripts/lib/io/ledger-store.ts';
import { loadPlane } from '../../scripts/lib/io/plane.ts';
import { computeSubject } from '../../scripts/lib/io/subject.ts';
import { makeGateRepo, nodeArgv, type GateControl, type GateRepo } from '../helpers/gate-repo.ts';

const PASS: GateControl = {
  id: 'tests',
  execution: `{ type: command, argv: ${nodeArgv('console.log("ok")')} }`,
};

const repos: GateRepo[] = [];
function repo(): GateRepo {
  const r = makeGateRepo([PASS]);
  repos.push(r);
  return r;
}
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

describe('status: the verdict and the blocker count agree', () => {
  it('a refused claim with no control blocking it never says "0 blockers"', async () => {
    const r = repo();
    const registry = join(r.dir, '.proofgate', 'controls', 'registry.yaml');
    writeFileSync(
      registry,
      readFileSync(registry, 'utf8').replace(
        '{ value: true }',
        "{ value: false, owner: 'virtual:developer', rationale: 'no tests yet' }",
      ),
    );
    r.commit('not applicable');
    const status = await r.run(['status', '--control', 'tests']);
    const lines = status.out.split('\n');
    expect(lines[0]).toMatch(/^READY .* but a task claim now is refused/);
    expect(status.out).not.toMatch(/\b0 blockers\b/);
    expect(lines[1]).toContain('if claimed now: REFUSED [task] no applicable control');
  });
});

describe('query entry latest', () => {
  it('is the newest entry, not the ledger root that sorts last', async () => {
    const r = repo();
    // The root init records, alone in its own segment (root.jsonl sorts after every writer's).
    const plane = loadPlane(r.dir);
    await appendEntry(
      plane,
      {
        kind: 'note',
        time: new Date(Date.now() - 60_000).toISOString(),
        actor: { label: 'proofgate init', authority: 'virtual:developer', context: 'local:test' },
        subject: await computeSubject(plane),
        body: rootBody(plane.manifest.ledger_id),
      },
      { manifest: plane.manifest, segmentBase: ROOT_SEGMENT },
    );
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const run = JSON.parse((await r.run(['query', 'run', 'latest', '--json'])).out) as {
      items: { hash: string }[];
    };
    const latest = await r.run(['query', 'entry', 'latest', '--json']);
    expect(latest.code).toBe(0);
    const doc = JSON.parse(latest.out) as { items: { hash?: string; kind?: string }[] };
    expect(doc.items[0]!.hash).toBe(run.items[0]!.hash);
    expect(latest.out).not.toContain('ledger-root');
  });
});
