// The cost of reading a run's test inventory from 1 MB of output (evaluate pays it once per command
// run; verdicts only read the recorded result): a node TAP log of many tests, a vitest verbose log,
// and 1 MB in which no runner's summary appears (every parser scans it all).
import { readFileSync } from 'node:fs';
import { readInventory } from '../../scripts/lib/core/inventory/read-inventory.ts';
import type { Bench } from './harness.ts';

const MB = 1 << 20;
const fill = (unit: string): string => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
const fixture = (path: string): string =>
  readFileSync(new URL(`../fixtures/inventory/${path}`, import.meta.url), 'utf8');

function tapLog(): string {
  const lines: string[] = ['TAP version 13'];
  let n = 0;
  let size = 0;
  while (size < MB - 200) {
    n += 1;
    size += 60 + 2 * String(n).length;
    lines.push(
      `# Subtest: case ${n}`,
      `ok ${n} - case ${n}`,
      '  ---',
      '  duration_ms: 0.1',
      '  ...',
    );
  }
  lines.push(`1..${n}`, `# tests ${n}`, '# suites 0', `# pass ${n}`, '# fail 0', '# cancelled 0');
  lines.push('# skipped 0', '# todo 0', '# duration_ms 1');
  return lines.join('\n');
}

const TAP = tapLog();
const VITEST =
  fill(' ✓ src/calc.test.ts > calc > adds two numbers 1ms\n') +
  fixture('vitest/out/verbose-pass.txt');
const NOISE = fill('  at Object.<anonymous> (/home/u/p/src/a.ts:12:5) building chunk 42 of 99\n');

export const benches: Bench[] = [
  {
    name: 'inventory of a 1 MB node TAP log',
    target: '<= 150 ms median (about 28,000 tests, every name kept and sorted)',
    targetMs: 150,
    runs: 5,
    fn: () => {
      readInventory({ output: TAP, argv: ['node', '--test'] });
      return Promise.resolve();
    },
  },
  {
    name: 'inventory of a 1 MB vitest verbose log',
    target: '<= 100 ms median',
    targetMs: 100,
    runs: 5,
    fn: () => {
      readInventory({ output: VITEST, argv: ['npx', 'vitest', 'run'] });
      return Promise.resolve();
    },
  },
  {
    name: 'inventory of 1 MB without a summary',
    target: '<= 100 ms median',
    targetMs: 100,
    runs: 5,
    fn: () => {
      readInventory({ output: NOISE, argv: ['npm', 'test'] });
      return Promise.resolve();
    },
  },
];
