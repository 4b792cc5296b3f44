// Profile decisions that select controls, end to end: an owner's answers to the optional
// decisions (public contract, build topology, persistent state, outside contributions) and
// open_core each put their controls in the registry init writes, and a project claim is then
// refused until each is satisfied: an answer is no longer only recorded. A repository that never
// answered them gets none of these controls.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { makeRepo, profileYaml, runCli } from '../helpers/plane-cli.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const PROFILE = (distribution: string, recorded: string): string =>
  profileYaml({ distribution, owner: 'human:alice' }) + recorded;

const ANSWERED = `recorded:
  public_contract: [library_api]
  build_topology: multi_form
  persistent_state: on_disk_format
  external_contributions: accepted
`;

const ADDED = [
  'PRD.API_STABILITY',
  'ENG.WORKSPACE_BOUNDARY',
  'ENG.SCHEMA_EVOLUTION',
  'ENG.AI_CONTRIBUTION_POLICY',
  'PRD.CONTRIBUTING',
  'PRD.OPEN_CORE_BOUNDARY',
];

function init(profile: string): string {
  const dir = makeRepo({ 'profile.yaml': profile, 'package.json': '{"name":"demo"}\n' });
  dirs.push(dir);
  const run = runCli(['init', '--profile', 'profile.yaml'], dir);
  expect(run.code, run.stderr).toBe(0);
  return dir;
}

const registryOf = (dir: string): string =>
  readFileSync(join(dir, '.proofgate/controls/registry.yaml'), 'utf8');

describe('optional profile decisions choose controls', () => {
  test('each answer and open_core add their controls; the project claim names them', () => {
    const dir = init(PROFILE('open_core', ANSWERED));
    const registry = registryOf(dir);
    for (const id of ADDED) expect(registry).toContain(`id: ${id}\n`);
    expect(registry).toContain('path: CONTRIBUTING.md');
    const claim = runCli(['claim', '--scope', 'project', '--no-record', '--json'], dir);
    expect(claim.code).toBe(1);
    const blocking = new Set(
      (JSON.parse(claim.stdout) as { blockers: { control: string }[] }).blockers.map(
        (b) => b.control,
      ),
    );
    for (const id of ADDED) expect(blocking.has(id), id).toBe(true);
  });

  test('no answer, or the answers that mean none, add none of them', () => {
    const none = `recorded:
  public_contract: [none]
  build_topology: single_form
  persistent_state: none
  external_contributions: closed
`;
    for (const profile of [PROFILE('open_source', ''), PROFILE('open_source', none)]) {
      const registry = registryOf(init(profile));
      for (const id of ADDED) expect(registry).not.toContain(`id: ${id}\n`);
    }
  });

  test('init --template documents what each optional decision adds', () => {
    const dir = makeRepo({});
    dirs.push(dir);
    const template = runCli(['init', '--template'], dir);
    expect(template.code).toBe(0);
    expect(template.stdout).toContain('adds PRD.API_STABILITY');
    expect(template.stdout).toContain('add ENG.WORKSPACE_BOUNDARY');
    expect(template.stdout).toContain('adds ENG.SCHEMA_EVOLUTION');
    expect(template.stdout).toContain('add ENG.AI_CONTRIBUTION_POLICY');
  });
});
