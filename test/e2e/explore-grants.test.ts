// A high-risk probe waits for a grant: `--allow` is given by a human or the release owner, never
// by the acting developer, and the grantor must be registered under the trusted rules, so an
// authority the agent adds to the working-tree manifest (committed, not pushed) grants nothing.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';
import { pushToOrigin } from '../helpers/upstream-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

// The classifier sees "npm install": the probe needs install_dependencies. It only writes a marker.
const INSTALLER = [
  ...['--probe-argv', process.execPath, '--probe-argv=-e', '--probe-argv'],
  "require('node:fs').writeFileSync('ran.txt', 'yes')",
  ...['--probe-argv', 'npm install left-pad', '--expect-exit', '0'],
];

async function repoWithProbe(): Promise<GateRepo> {
  const r = makeGateRepo([{ id: 'unit', execution: `{ type: command, argv: ${nodeArgv('0')} }` }], {
    authorities: [{ id: 'human:owner', kind: 'human', stages: ['self'] }],
  });
  cleanups.push(() => r.remove());
  const add = await r.run([
    ...['knowledge', 'hypothesis', 'add', 'installing works', '--attr', 'functional'],
    ...['--risk', '0.9', '--info-gain', '0.9', '--cost', '1', '--oracle', 'exit 0'],
    ...['--provenance', 'user', ...INSTALLER],
  ]);
  expect(add.code, add.err).toBe(0);
  r.commit('hypothesis');
  cleanups.push(pushToOrigin(r));
  return r;
}

const EXPLORE = ['knowledge', 'explore', '--no-propose', '--allow', 'install_dependencies'];

describe('explore --allow is a grant under the trusted rules', { timeout: 60_000 }, () => {
  it('queues the probe without a grant, refuses a self-grant and an authority the agent added', async () => {
    const r = await repoWithProbe();
    const queued = await r.run(['knowledge', 'explore', '--no-propose']);
    expect(queued.out, queued.err).toContain('QUEUED H-0001: its probe needs install_dependencies');

    const self = await r.run(EXPLORE);
    expect(self.code).toBe(2);
    expect(self.err).toContain('may not grant itself');

    const manifest = join(r.dir, '.proofgate/controls/manifest.yaml');
    writeFileSync(
      manifest,
      readFileSync(manifest, 'utf8').replace(
        'policies:',
        '  - id: human:mallory\n    kind: human\n    stages: [self]\npolicies:',
      ),
    );
    r.commit('the agent registers a human of its own (not pushed)');
    const forged = await r.run([...EXPLORE, '--granted-by', 'human:mallory']);
    expect(forged.code).toBe(2);
    expect(forged.err).toContain('grantor human:mallory is not registered in the manifest');
    expect(existsSync(join(r.dir, 'ran.txt'))).toBe(false);

    const granted = await r.run([...EXPLORE, '--granted-by', 'human:owner', '--json']);
    expect(granted.code, granted.out + granted.err).toBe(0);
    expect(existsSync(join(r.dir, 'ran.txt'))).toBe(true);
  });
});
