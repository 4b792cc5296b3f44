// A project that checks formatting with prettier stays green after init: the rendered pages are
// listed in .prettierignore and the YAML init writes is already prettier-clean.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { runInProcess } from '../helpers/cli.ts';
import { makeRepo, makeTempDir } from '../helpers/git-repo.ts';

const prettierBin = join(
  createRequire(import.meta.url).resolve('prettier/package.json'),
  '..',
  'bin',
  'prettier.cjs',
);
const repo = makeRepo({
  'package.json': JSON.stringify({ name: 'p', devDependencies: { prettier: '3' } }, null, 2) + '\n',
  '.prettierignore': 'dist',
});
afterAll(() => repo.remove());

test('init keeps `prettier --check .` passing and keeps the owner’s ignore lines', async () => {
  const profile = join(makeTempDir('proofgate-profile-'), 'profile.yaml');
  writeFileSync(
    profile,
    'development_mode: human_greenfield\ntarget_maturity: prototype\nproduct_type: [library]\ndistribution_model: open_source\ncriticality: low\ndata_sensitivity: public\nai_system: false\nscope_mode: full_repo\n',
  );
  const env = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' };
  const init = await runInProcess(['init', '--profile', profile, '--root', repo.dir], env);
  expect(init.code).toBe(0);
  expect(init.stdout).toContain('also changed: .prettierignore');
  const ignore = readFileSync(join(repo.dir, '.prettierignore'), 'utf8');
  expect(ignore.startsWith('dist\n')).toBe(true);
  expect(ignore).toContain('.proofgate/INDEX.md\n.proofgate/docs/\n');
  expect(ignore).toContain('.claude/skills/proofgate/\n.agents/skills/proofgate/\n');
  const check = spawnSync(process.execPath, [prettierBin, '--check', '.'], {
    cwd: repo.dir,
    encoding: 'utf8',
  });
  expect(check.stdout + check.stderr).not.toContain('[warn] .proofgate');
  expect(check.status).toBe(0);
  const again = await runInProcess(['init', '--profile', profile, '--root', repo.dir], env);
  expect(again.code).toBe(0);
  expect(readFileSync(join(repo.dir, '.prettierignore'), 'utf8')).toBe(ignore);
  // The installed skill's pages are proofgate's bytes: prettier must neither flag nor rewrite them.
  const skill = await runInProcess(['install', '--skill', '--root', repo.dir], env);
  expect(skill.code).toBe(0);
  expect(readFileSync(join(repo.dir, '.prettierignore'), 'utf8')).toBe(ignore);
  const after = spawnSync(process.execPath, [prettierBin, '--check', '.'], {
    cwd: repo.dir,
    encoding: 'utf8',
  });
  expect(after.stdout + after.stderr).not.toContain('skills/proofgate');
  expect(after.status).toBe(0);
});
