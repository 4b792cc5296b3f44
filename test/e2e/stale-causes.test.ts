// What stales a result: the code it judged, its own definition, and the manifest parts that decide
// it. Registering an authority, adopting another control or committing elsewhere (for a file
// check) stales nothing; a changed evidence policy does, and the reason says so.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runInProcess } from '../helpers/cli.ts';
import { makeRepo, makeTempDir } from '../helpers/git-repo.ts';

const repo = makeRepo({
  'package.json': JSON.stringify({
    name: 'demo',
    version: '1.0.0',
    scripts: { test: 'node -e "console.log(1)"', lint: 'node -e 0' },
  }),
  LICENSE: 'MIT\n',
});
afterAll(() => repo.remove());
const env = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', USER: 't' };
const pg = (...args: string[]) => runInProcess([...args, '--root', repo.dir], env);

async function statusOf(id: string): Promise<{ status: string; reason: string }> {
  const out = await pg('status', '--json');
  const all = JSON.parse(out.stdout) as {
    statuses: { control: string; status: string; reason: string }[];
  };
  const found = all.statuses.find((s) => s.control === id);
  if (found === undefined) throw new Error(`no status for ${id}: ${out.stdout}`);
  return found;
}

describe('what stales a result', () => {
  test('authority add, adopting another control and unrelated commits stale nothing; a policy edit does', async () => {
    const profile = join(makeTempDir('proofgate-profile-'), 'profile.yaml');
    writeFileSync(
      profile,
      'development_mode: ai_greenfield\ntarget_maturity: engineering_ready\nproduct_type: [library]\ndistribution_model: open_source\ncriticality: low\ndata_sensitivity: public\nai_system: false\nscope_mode: full_repo\n',
    );
    expect((await pg('init', '--profile', profile, '--owner', 'alice')).code).toBe(0);
    expect((await pg('adopt', 'npm:test', '--fills', 'ENG.TESTS')).code).toBe(0);
    repo.commit('plane');
    const run = await pg('evaluate', '--run', '--control', 'ENG.TESTS', '--control', 'ENG.LICENSE');
    expect(run.stdout).toMatch(/^OK 2 controls/);
    repo.commit('evidence');
    expect((await statusOf('ENG.TESTS')).status).toBe('PASS');

    expect((await pg('authority', 'add', 'human:bob')).code).toBe(0);
    expect((await pg('adopt', 'npm:lint', '--fills', 'ENG.LINT')).code).toBe(0);
    repo.commit('authority and lint');
    expect(await statusOf('ENG.TESTS')).toMatchObject({ status: 'PASS' });
    expect(await statusOf('ENG.LICENSE')).toMatchObject({ status: 'PASS' });

    repo.write('src/index.js', 'export const x = 1;\n');
    repo.commit('code');
    expect(await statusOf('ENG.LICENSE')).toMatchObject({ status: 'PASS' });
    expect(await statusOf('ENG.TESTS')).toMatchObject({ status: 'STALE' });

    repo.write('LICENSE', 'Apache-2.0\n');
    expect((await statusOf('ENG.LICENSE')).status).toBe('STALE');

    await pg('evaluate', '--run', '--control', 'ENG.TESTS');
    expect((await statusOf('ENG.TESTS')).status).toBe('PASS');
    const manifest = join(repo.dir, '.proofgate/controls/manifest.yaml');
    writeFileSync(
      manifest,
      readFileSync(manifest, 'utf8').replace('output_cap_bytes: 65536', 'output_cap_bytes: 4096'),
    );
    const stale = await statusOf('ENG.TESTS');
    expect(stale.status).toBe('STALE');
    expect(stale.reason).toMatch(/evidence policy/);
  });
});
