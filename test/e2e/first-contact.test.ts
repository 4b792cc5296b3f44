// First-contact problems newcomers met on real repositories: a status line whose verdict and
// blocker count disagree, `query entry latest` answering the root note, ci-import refusing HEAD.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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
