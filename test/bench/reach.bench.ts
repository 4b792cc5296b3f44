// The cost of resolving a control's reach (core/reach/): the pure resolver over a package.json of
// 50 scripts that `npm test` reaches one after another (with pre/post scripts and an .npmrc), and
// the verdict's whole step on a real repository: the reach at the base commit (one cat-file per
// round) and on disk, compared (flows/claim/reach-changes.ts readReachChanges).
import type { FileText } from '../../scripts/lib/core/reach/reach.ts';
import { resolveReach } from '../../scripts/lib/core/reach/resolve-reach.ts';
import { readReachChanges } from '../../scripts/lib/flows/claim/reach-changes.ts';
import { WORLD_PARTS } from '../../scripts/lib/cli/world/world-parts.ts';
import type { Plane } from '../../scripts/lib/core/plane/plane.ts';
import type { BaseRules } from '../../scripts/lib/core/gate/claim/base-rules.ts';
import { makeRepo, type TestRepo } from '../helpers/git-repo.ts';
import type { Bench } from './harness.ts';

const SCRIPTS = 50;

function packageJson(): string {
  const scripts: Record<string, string> = {};
  for (let i = 0; i < SCRIPTS; i++)
    scripts[`s${i}`] =
      i + 1 < SCRIPTS ? `node --test test/${i}/ && npm run s${i + 1}` : 'vitest run';
  scripts['test'] = 'npm run s0';
  scripts['pretest'] = 'npm run s0';
  scripts['posttest'] = 'echo done';
  return JSON.stringify({ name: 'bench', scripts }, null, 2);
}

const FILES: Record<string, string> = {
  'package.json': packageJson(),
  '.npmrc': 'fund=false\n',
  'vitest.config.ts': 'export default {}\n',
};

function resolveInMemory(): number {
  const read = new Map<string, FileText>();
  for (;;) {
    const reach = resolveReach(['npm', 'test'], undefined, { read, listed: Object.keys(FILES) });
    if (reach.needs.length === 0) return reach.items.length;
    for (const path of reach.needs) {
      const text = FILES[path];
      read.set(path, text === undefined ? { absent: true } : { text });
    }
  }
}

const CONTROL = {
  id: 'ENG.TESTS',
  title: 'tests',
  owner: 'virtual:developer',
  requirements: [],
  risks: [],
  applies: { value: true },
  required_from_maturity: 'prototype' as const,
  execution: { type: 'command' as const, argv: ['npm', 'test'] },
};

interface State {
  repo: TestRepo;
  plane: Plane;
  base: BaseRules;
}

export const benches: Bench[] = [
  {
    name: `resolve reach: npm test over ${SCRIPTS} scripts (pure)`,
    target: '<= 5 ms median',
    targetMs: 5,
    runs: 50,
    fn: () => {
      if (resolveInMemory() < SCRIPTS) throw new Error('the reach missed scripts');
      return Promise.resolve();
    },
  },
  {
    name: `reach changes since the base: ${SCRIPTS} scripts, real git`,
    target: '<= 60 ms median',
    targetMs: 60,
    runs: 15,
    setup: () => {
      const repo = makeRepo(FILES);
      const commit = repo.git('rev-parse', 'HEAD').trim();
      repo.write('.npmrc', 'script-shell=/bin/true\n');
      const registry = { version: 1, controls: [CONTROL] };
      const plane = { root: repo.dir, registry } as unknown as Plane;
      const base = { base: 'origin/main', commit, plane } as unknown as BaseRules;
      return Promise.resolve({ repo, plane, base } satisfies State);
    },
    fn: async (state) => {
      const { plane, base } = state as State;
      const changes = await readReachChanges(plane, base, WORLD_PARTS);
      if (changes.length !== 1) throw new Error('the .npmrc change was not seen');
    },
    teardown: (state) => {
      (state as State).repo.remove();
      return Promise.resolve();
    },
  },
];
