// A throwaway git repository with a schema-valid plane whose controls run `node -e ...`, for the
// gate e2e tests. `run` dispatches in-process (fast); `spawn` runs the real CLI.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { dispatchCommand } from '../../scripts/cli.ts';
import { createTestContext } from './context.ts';
import { makeRepo, type TestRepo } from './git-repo.ts';
import { manifestYaml, type ManifestFixtureOptions } from './manifest-fixture.ts';

export interface GateControl {
  id: string;
  /** YAML of the execution mapping, e.g. `{ type: command, argv: [node, -e, '...'] }`. */
  execution: string;
  inputs?: string[];
  outputs?: string[];
}

export interface GateRepo extends TestRepo {
  run(
    args: string[],
    env?: Record<string, string>,
    now?: string,
  ): Promise<{ code: number; out: string; err: string }>;
}

/** `node -e <script>` as a YAML flow sequence. */
export function nodeArgv(script: string): string {
  return `[node, -e, ${JSON.stringify(script)}]`;
}

export function registryYaml(controls: readonly GateControl[]): string {
  const items = controls.map((c) => {
    const extra = [
      c.inputs === undefined ? '' : `    inputs: [${c.inputs.map((i) => `'${i}'`).join(', ')}]\n`,
      c.outputs === undefined
        ? ''
        : `    outputs: [${c.outputs.map((o) => `'${o}'`).join(', ')}]\n`,
    ].join('');
    return `  - id: ${c.id}
    title: control ${c.id}
    owner: virtual:developer
    requirements: []
    risks: []
    applies: { value: true }
    required_from_maturity: prototype
    execution: ${c.execution}
    evidence_required: [output]
${extra}`;
  });
  return `version: 1\ncontrols:\n${items.join('')}`;
}

export const DEFAULT_POLICY = {
  task: '[self]',
  project: '[self, cross]',
};

export function makeGateRepo(
  controls: readonly GateControl[],
  options: ManifestFixtureOptions & { taskStages?: string; files?: Record<string, string> } = {},
): GateRepo {
  const repo = makeRepo({ 'src/app.js': 'export const x = 1;\n', ...(options.files ?? {}) });
  const manifest = manifestYaml(options).replace(
    'task: { required_stages: [self, cross] }',
    `task: { required_stages: ${options.taskStages ?? '[self]'} }`,
  );
  writePlaneFile(repo.dir, 'controls/manifest.yaml', manifest);
  writePlaneFile(repo.dir, 'controls/registry.yaml', registryYaml(controls));
  repo.commit('plane');
  return {
    ...repo,
    async run(args, env = {}, now = new Date().toISOString()) {
      const ctx = createTestContext({ cwd: repo.dir, now, env: { USER: 'dev', ...env } });
      const code = await dispatchCommand([...args, '--root', repo.dir], ctx);
      return { code, out: ctx.stdout(), err: ctx.stderr() };
    },
  };
}

function writePlaneFile(root: string, path: string, text: string): void {
  const file = join(root, '.proofgate', path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/**
 * A gate repository whose one control `tests` (`node -e 0`) has just passed, a second ago: a file
 * written within a second of a run counts as written by it (file times are rounded by some
 * filesystems: core/gate/status/stale-cause.ts), so the edits a test makes next are an agent's.
 */
export async function passedGateRepo(): Promise<GateRepo> {
  const r = makeGateRepo([{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('0')} }` }]);
  expect((await r.run(['evaluate', '--run', '--control', 'tests'])).code).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  return r;
}

/** The reason `status` gives for `control`, which must be STALE. */
export async function staleReason(r: GateRepo, control = 'tests'): Promise<string> {
  const out = JSON.parse((await r.run(['status', '--control', control, '--json'])).out) as {
    statuses: { status: string; reason: string }[];
  };
  expect(out.statuses[0]!.status).toBe('STALE');
  return out.statuses[0]!.reason;
}
