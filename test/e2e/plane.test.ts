// The control plane verbs end to end: refusals write nothing, init is idempotent, adopt keeps the
// registry valid and commented, render --check notices drift.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { describe, expect, test } from 'vitest';
import { assertRegistry } from '../../scripts/lib/core/plane/validate.ts';
import {
  VALID_PROFILE,
  listTree,
  makeRepo,
  runCli,
  runVerb,
  writeFiles,
} from '../helpers/plane-cli.ts';

const PKG = JSON.stringify(
  { name: 'demo', scripts: { test: 'node --test', setup: 'npm ci' } },
  null,
  2,
);

describe('init refusals write nothing', () => {
  test('not a git repository: exit 4', () => {
    const dir = makeRepo({ 'profile.yaml': VALID_PROFILE, 'package.json': PKG }, false);
    const before = listTree(dir);
    const run = runCli(['init', '--profile', 'profile.yaml'], dir);
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('error [NOT_A_GIT_REPO]');
    expect(run.stderr).toContain('next: run "git init" there first');
    expect(listTree(dir)).toEqual(before);
  });

  test('malformed YAML: exit 2 with line and column', async () => {
    const dir = makeRepo({ 'profile.yaml': 'development_mode: [unclosed\ncriticality: low\n' });
    const run = await runVerb(['init', '--profile', 'profile.yaml'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/error \[YAML_INVALID\]: profile.yaml is not valid YAML/);
    expect(run.stderr).toMatch(/ {2}- profile.yaml:\d+:\d+: Flow sequence/);
    expect(listTree(dir)).toEqual(['profile.yaml 45']);
  });

  test('wrong types, unknown fields, out-of-range values and missing decisions: every problem located', async () => {
    const profile = `development_mode: vibes
target_maturity: production_ready
product_type: library
distribution_model: open_source
criticality: 3
ai_system: "yes"
scope_mode: subproject
colour: blue
`;
    const dir = makeRepo({ 'profile.yaml': profile });
    const run = await runVerb(['init', '--profile', 'profile.yaml', '--json'], dir);
    expect(run.code).toBe(2);
    const error = JSON.parse(run.stdout).error;
    expect(error.code).toBe('SCHEMA_INVALID');
    expect([...error.problems].sort()).toEqual([
      'profile.yaml:/ai_system: got string "yes" (expected boolean)',
      'profile.yaml:/colour: unknown field "colour" (expected only: development_mode, target_maturity, product_type, distribution_model, criticality, data_sensitivity, ai_system, scope_mode, project_name, owner, scope, unmapped_instructions, recorded)',
      'profile.yaml:/criticality: 3 is not allowed (expected one of: low, medium, high, critical)',
      'profile.yaml:/data_sensitivity: missing required field "data_sensitivity" (expected one of: public, internal, confidential, restricted, regulated)',
      'profile.yaml:/development_mode: "vibes" is not allowed (expected one of: ai_greenfield, ai_brownfield, human_greenfield, human_brownfield)',
      'profile.yaml:/product_type: got string "library" (expected array)',
    ]);
    expect(listTree(dir)).toEqual([`profile.yaml ${profile.length}`]);
  });

  test('a flag out of range is located at the flag', async () => {
    const dir = makeRepo({ 'profile.yaml': VALID_PROFILE });
    const run = await runVerb(
      ['init', '--profile', 'profile.yaml', '--target-maturity', 'done'],
      dir,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      '--target-maturity: "done" is not allowed (expected one of: prototype, engineering_ready, production_ready, commercial_ready, regulated_ready)',
    );
    expect(listTree(dir)).toHaveLength(1);
  });
});

describe('init never clobbers', () => {
  test('a .proofgate directory that is not a plane: exit 2, untouched', async () => {
    const dir = makeRepo({ 'profile.yaml': VALID_PROFILE, '.proofgate/notes.txt': 'mine' });
    const before = listTree(dir);
    const run = await runVerb(['init', '--profile', 'profile.yaml'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('error [PLANE_EXISTS]');
    expect(listTree(dir)).toEqual(before);
  });

  test('scan --json is one document and names no absolute path', async () => {
    const dir = makeRepo({ 'package.json': PKG });
    const run = await runVerb(['scan', '--json'], dir);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).candidates).toHaveLength(2);
    expect(run.stdout).not.toContain(dir);
  });
});

describe('init, adopt, render', () => {
  test('init + adopt of the test command: registry valid, INDEX.md < 150 lines, docs < 300', async () => {
    const dir = makeRepo({ 'package.json': PKG, 'package-lock.json': '{}' });
    writeFiles(dir, { '../profile-e2e.yaml': VALID_PROFILE });
    const init = await runVerb(['init', '--profile', '../profile-e2e.yaml'], dir);
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    expect(init.stdout.split('\n')[0]).toMatch(
      /^init: created the control plane in \.proofgate\/ with \d+ controls/,
    );
    const registryPath = join(dir, '.proofgate/controls/registry.yaml');
    writeFileSync(registryPath, `# owner note: keep me\n${readFileSync(registryPath, 'utf8')}`);

    const list = await runVerb(['adopt', '--list', '--json'], dir);
    expect(JSON.parse(list.stdout).candidates.map((c: { id: string }) => c.id)).toEqual([
      'npm:test',
      'npm:setup',
    ]);

    const adopt = await runVerb(['adopt', 'npm:test', '--fills', 'ENG.TESTS'], dir);
    expect(adopt.code).toBe(0);
    expect(adopt.stdout.split('\n')[0]).toBe(
      'adopt: ENG.TESTS now runs ["npm","run","test"] (from npm:test)',
    );
    const text = readFileSync(registryPath, 'utf8');
    expect(text.startsWith('# owner note: keep me\n')).toBe(true);
    const registry: unknown = parseDocument(text).toJS();
    assertRegistry(registry, 'registry.yaml');
    const tests = registry.controls.find((c) => c.id === 'ENG.TESTS');
    expect(tests?.execution).toEqual({ type: 'command', argv: ['npm', 'run', 'test'] });
    expect(tests?.source).toBe('adopted:npm:test');

    // a downloading command is adopted only when the kind is named explicitly
    const unnamed = await runVerb(['adopt', 'npm:setup', '--as', 'SETUP'], dir);
    expect(unnamed.code).toBe(2);
    const setup = await runVerb(
      ['adopt', 'npm:setup', '--as', 'SETUP', '--authorize', 'install_dependencies'],
      dir,
    );
    expect(setup.stdout).toContain('authorization_required: install_dependencies');
    expect(readFileSync(registryPath, 'utf8')).toContain(
      'authorization_required:\n        - install_dependencies',
    );

    const index = readFileSync(join(dir, '.proofgate/INDEX.md'), 'utf8');
    expect(index.split('\n').length).toBeLessThan(150);
    expect(index).toContain('command `npm run test`');
    expect(index.split('\n').slice(0, 6).join('\n')).toContain('Refusal conditions');
    for (const doc of ['controls', 'policies', 'profile']) {
      const body = readFileSync(join(dir, `.proofgate/docs/${doc}.md`), 'utf8');
      expect(body.split('\n').length).toBeLessThan(300);
      expect(body.split('\n').slice(0, 6).join('\n')).toContain('Refusal conditions');
    }
    expect((await runVerb(['init', '--render', '--check'], dir)).code).toBe(0);
    writeFileSync(join(dir, '.proofgate/docs/profile.md'), 'hand edit\n');
    const check = await runVerb(['init', '--render', '--check'], dir);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('.proofgate/docs/profile.md');
    expect((await runVerb(['init', '--render'], dir)).code).toBe(0);
    expect((await runVerb(['init', '--render', '--check'], dir)).code).toBe(0);
  });

  test('re-running init is idempotent, never clobbers, never touches evidence', async () => {
    const dir = makeRepo({ 'profile.yaml': VALID_PROFILE });
    expect((await runVerb(['init', '--profile', 'profile.yaml'], dir)).code).toBe(0);
    writeFiles(dir, { '.proofgate/evidence/ledger/w.jsonl': '{"x":1}\n' });
    const before = listTree(dir);
    const manifest = readFileSync(join(dir, '.proofgate/controls/manifest.yaml'), 'utf8');
    const again = await runVerb(['init', '--profile', 'profile.yaml'], dir);
    expect(again.code).toBe(0);
    expect(again.stdout.split('\n')[0]).toContain('already has this profile');
    expect(listTree(dir)).toEqual(before);
    const changed = await runVerb(
      ['init', '--profile', 'profile.yaml', '--criticality', 'high'],
      dir,
    );
    expect(changed.code).toBe(2);
    expect(changed.stderr).toContain(
      'profile.criticality: the plane has "low", the new profile says "high"',
    );
    expect(readFileSync(join(dir, '.proofgate/controls/manifest.yaml'), 'utf8')).toBe(manifest);
    expect(listTree(dir)).toEqual(before);
  });

  test('duplicate control ids: adopt and render exit 2 with the location, nothing written', async () => {
    const dir = makeRepo({ 'profile.yaml': VALID_PROFILE, 'package.json': PKG });
    expect((await runVerb(['init', '--profile', 'profile.yaml'], dir)).code).toBe(0);
    const registryPath = join(dir, '.proofgate/controls/registry.yaml');
    writeFileSync(
      registryPath,
      readFileSync(registryPath, 'utf8').replace('id: ENG.BUILD', 'id: ENG.TESTS'),
    );
    const before = listTree(dir);
    for (const args of [
      ['init', '--render'],
      ['adopt', 'npm:test', '--fills', 'ENG.TESTS'],
    ]) {
      const run = await runVerb(args, dir);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(
        '.proofgate/controls/registry.yaml:/controls/1/id: duplicate control id "ENG.TESTS"',
      );
    }
    expect(listTree(dir)).toEqual(before);
  });

  test('adopt refuses unknown candidates and shell scripts; never invents', async () => {
    const dir = makeRepo({
      'profile.yaml': VALID_PROFILE,
      '.github/workflows/ci.yml': 'jobs:\n  t:\n    steps:\n      - run: npm ci && npm test\n',
    });
    expect((await runVerb(['init', '--profile', 'profile.yaml'], dir)).code).toBe(0);
    const unknown = await runVerb(['adopt', 'npm:test'], dir);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no candidate "npm:test" was found');
    const shell = await runVerb(['adopt', 'ci:ci:t:1'], dir);
    expect(shell.code).toBe(2);
    expect(shell.stderr).toContain('ci:ci:t:1 cannot be adopted as written: needs a shell');
  });
});
