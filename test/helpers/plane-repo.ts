// A repository with a control plane for subject-binding e2e tests: a `unit` control with inputs
// and outputs, a `lint` control without, committed evidence, and an ignored build/ directory.
import { afterEach } from 'vitest';
import { listStorageShapes } from '../../scripts/lib/core/binding/build-subject.ts';
import { loadPlane } from '../../scripts/lib/io/plane/plane.ts';
import { computeSubjects, computeSubjectTree } from '../../scripts/lib/io/subject/subject.ts';
import type { TestRepo } from './git-repo.ts';
import { makeRepo } from './git-repo.ts';
import { manifestYaml } from './manifest-fixture.ts';
import type { Plane } from '../../scripts/lib/core/plane/plane.ts';

export const MANIFEST = manifestYaml();
export const REGISTRY = `version: 1
controls:
  - id: unit
    title: Unit tests
    owner: virtual:developer
    requirements: []
    risks: []
    applies: { value: true }
    required_from_maturity: prototype
    execution: { type: command, argv: [npm, test] }
    inputs: ['src/**/*.ts']
    outputs: [coverage/, '**/*.log']
    evidence_required: [command output]
  - id: lint
    title: Lint
    owner: virtual:developer
    requirements: []
    risks: []
    applies: { value: true }
    required_from_maturity: prototype
    execution: { type: command, argv: [npm, run, lint] }
    evidence_required: [command output]
`;

const repos: TestRepo[] = [];
/** Call once per test file: removes every tracked repository after each test. */
export function cleanUpRepos(): void {
  afterEach(() => {
    for (const repo of repos.splice(0)) repo.remove();
  });
}

export function track(repo: TestRepo): TestRepo {
  repos.push(repo);
  return repo;
}

export function makePlaneRepo(): TestRepo {
  return track(
    makeRepo({
      '.gitignore': 'build/\n',
      'README.md': 'hello\n',
      'src/app.ts': 'export const a = 1;\n',
      'src/lib/util.ts': 'export const u = 2;\n',
      'docs/guide.md': 'guide\n',
      '.proofgate/controls/manifest.yaml': MANIFEST,
      '.proofgate/controls/registry.yaml': REGISTRY,
      '.proofgate/evidence/ledger/a.jsonl': '{"seq":0}\n',
    }),
  );
}

const planeExcludes = [...listStorageShapes('.proofgate'), 'coverage/', '**/*.log'];

export async function subjects(repo: TestRepo): Promise<Map<string, unknown>> {
  const plane: Plane = loadPlane(repo.dir);
  return computeSubjects(plane, plane.registry.controls);
}

export const treeOf = (repo: TestRepo): Promise<string> =>
  computeSubjectTree(repo.dir, { excludes: planeExcludes });
