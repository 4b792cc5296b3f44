// Scan's CI readers on hostile CI files near the 512 KiB read cap: a Travis include list of 10,000
// jobs (read up to its cap of 500), 60,000 aliases in one script list, a job merging itself twelve
// times over 500 jobs, and the GitLab reader on 50,000 aliased lines. Each is compared with parsing
// the same text alone, so the ratio shows what reading costs beyond YAML itself.
import { parseDocument } from 'yaml';
import type { Bench } from './harness.ts';
import { findCi } from '../../scripts/lib/core/scan/ci.ts';

const INPUTS: [name: string, path: string, text: string][] = [
  [
    'travis 10k include',
    '.travis.yml',
    `jobs:\n  include:\n${Array.from({ length: 10_000 }, (_, i) => `    - stage: test\n      script: make t${i}\n`).join('')}`,
  ],
  ['travis 60k aliases', '.travis.yml', `x: &x make test\nscript:\n${'  - *x\n'.repeat(60_000)}`],
  [
    'travis self-merge',
    '.travis.yml',
    `a: &a\n  <<: [${Array.from({ length: 12 }, () => '*a').join(', ')}]\njobs:\n  include:\n${'    - <<: *a\n'.repeat(500)}`,
  ],
  [
    'gitlab 50k aliases',
    '.gitlab-ci.yml',
    `.x: &x make test\njob:\n  script:\n${'    - *x\n'.repeat(50_000)}`,
  ],
];

export const benches: Bench[] = INPUTS.flatMap(([name, path, text]) => [
  {
    name: `${name}: parse only`,
    runs: 5,
    fn: () => {
      parseDocument(text, { merge: true });
      return Promise.resolve();
    },
  },
  {
    name: `${name}: read`,
    target: 'within 2x of parsing the same text',
    baseline: `${name}: parse only`,
    runs: 5,
    fn: () => {
      findCi([path], new Map([[path, text]]));
      return Promise.resolve();
    },
  },
]);
