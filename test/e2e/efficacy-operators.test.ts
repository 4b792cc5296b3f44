// efficacy --mutate all with the operators real defects need, on projects of our own
// (test/fixtures/efficacy-projects, each with its ABOUT.md), through the CLI:
// - an arithmetic-only JS module has a site, and its one test kills the mutant;
// - a Python package in pkg/ with no `inputs` declared: the sites are found in the tracked
//   source files (not in tests/), and the run reaches a verdict;
// - a Rust library full of traps: every mutant planted compiles (a `cargo check` control catches
//   none of them), while a `+` swapped on a type without `-`, which the operators never plant, is
//   caught by that same check.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MUTATION_OPERATORS } from '../../scripts/lib/core/efficacy/operators.ts';
import { findTreeSites } from '../../scripts/lib/core/efficacy/tree-sites.ts';
import { parseSyntax } from '../../scripts/lib/io/host/syntax-parser.ts';
import { makeGateRepo, type GateRepo } from '../helpers/gate-repo.ts';
import { hasTool, readProjectFiles } from '../helpers/project-files.ts';

const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

interface Measured {
  ok: boolean;
  results: {
    control: string;
    baseline: string;
    mutants: number;
    killed: number;
    survived: { file: string; line: number; operator: string }[];
  }[];
}

const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: process.env['HOME'] ?? '/tmp' };
const node = JSON.stringify(process.execPath);
/** makeGateRepo's own src/app.js, without a site of its own. */
const NO_APP = { 'src/app.js': '// nothing to mutate here\n' };

describe('JS: the arithmetic-only module', () => {
  it('has a site without declared inputs, and its test kills the mutant', async () => {
    const r = makeGateRepo(
      [{ id: 'add-test', execution: `{ type: command, argv: [${node}, test/add.test.js] }` }],
      {
        files: {
          ...NO_APP,
          'package.json': '{ "type": "commonjs" }\n',
          'index.js': 'module.exports = (a, b) => a + b\n',
          'test/add.test.js':
            "const assert = require('node:assert');\nconst add = require('../index.js');\nassert.equal(add(2, 3), 5);\n",
        },
      },
    );
    repos.push(r);
    const run = await r.run(
      ['efficacy', '--control', 'add-test', '--mutate', 'all', '--json'],
      env,
    );
    expect(run.err).toBe('');
    const json = JSON.parse(run.out) as Measured;
    expect(json.results[0]).toMatchObject({
      baseline: 'PASS',
      mutants: 1,
      killed: 1,
      survived: [],
    });
    expect(run.code).toBe(0);
    expect(readFileSync(join(r.dir, 'index.js'), 'utf8')).toBe(
      'module.exports = (a, b) => a + b\n',
    );
  }, 60_000);
});

describe.skipIf(!hasTool('python3', '--version'))(
  'Python: a package in pkg/, no inputs declared',
  () => {
    it('finds the sites in pkg/ (never tests/) and reaches a verdict', async () => {
      const r = makeGateRepo(
        [
          {
            id: 'unit',
            execution:
              '{ type: command, argv: [python3, -m, unittest, discover, -s, tests, -t, .] }',
          },
        ],
        { files: { ...NO_APP, ...readProjectFiles('python-pkg-no-inputs') } },
      );
      repos.push(r);
      const run = await r.run(
        ['efficacy', '--control', 'unit', '--mutate', 'all', '--max-mutants', '50', '--json'],
        env,
      );
      expect(run.err).toBe('');
      const json = JSON.parse(run.out) as Measured;
      // pkg/fees.py's twelve sites, every one caught by the unit tests
      expect(json.results[0]).toMatchObject({
        baseline: 'PASS',
        mutants: 12,
        killed: 12,
        survived: [],
      });
      expect(run.code).toBe(0);
      // one operator at a time finds its sites there too
      const one = await r.run(
        ['efficacy', '--control', 'unit', '--mutate', 'swap-arithmetic', '--json'],
        env,
      );
      expect(JSON.parse(one.out)).toMatchObject({ ok: true, results: [{ mutants: 1, killed: 1 }] });
    }, 120_000);
  },
);

describe.skipIf(!hasTool('cargo', '--version'))('Rust: no mutant that would not compile', () => {
  it('cargo check catches none of the planted mutants, and does catch the one a careless operator would plant', async () => {
    const files = readProjectFiles('rust-typed-sites');
    const r = makeGateRepo(
      [
        {
          id: 'cargo-check',
          execution:
            '{ type: command, argv: [cargo, check, --lib, --offline, -q], timeout_seconds: 600 }',
          inputs: ['src/**'],
        },
      ],
      { files: { ...files, ...NO_APP } },
    );
    repos.push(r);
    const lib = files['src/lib.rs'] ?? '';
    const sites = findTreeSites(
      'src/lib.rs',
      lib,
      await parseSyntax('rust', lib),
      'rust',
      MUTATION_OPERATORS,
    );
    // every operator but drop-return has a site in the library (it has no early return)
    const operators = new Set(sites.map((s) => s.operator));
    for (const op of MUTATION_OPERATORS.filter((o) => o !== 'drop-return'))
      expect(operators).toContain(op);
    const run = await r.run(
      ['efficacy', '--control', 'cargo-check', '--mutate', 'all', '--max-mutants', '200', '--json'],
      env,
    );
    expect(run.err).toBe('');
    const json = JSON.parse(run.out) as Measured;
    expect(json.results[0]).toMatchObject({ baseline: 'PASS', mutants: sites.length, killed: 0 });
    // the mutant the operators refuse to plant (`a + b` → `a - b` on Meters, which has no Sub)
    // does not compile: the same control catches it
    r.write('src/lib.rs', lib.replace('    a + b\n', '    a - b\n'));
    r.write('careless.patch', r.git('diff', '--', 'src/lib.rs'));
    r.git('checkout', '--', 'src/lib.rs');
    const careless = await r.run(
      ['efficacy', '--control', 'cargo-check', '--patch', 'careless.patch', '--json'],
      env,
    );
    expect(JSON.parse(careless.out)).toMatchObject({
      ok: true,
      results: [{ mutants: 1, killed: 1 }],
    });
  }, 900_000);
});
