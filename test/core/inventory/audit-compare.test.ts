// An audit re-runs the command it reviews: a re-execution that counts other tests than the
// reviewed run recorded disputes it, so a recorded inventory is checked by the auditor's own run.
import { describe, expect, it } from 'vitest';
import { compareResults } from '../../../scripts/lib/core/gate/run/compare-results.ts';
import type { RunDetails } from '../../../scripts/lib/core/gate/entries/bodies.ts';
import type { Inventory } from '../../../scripts/lib/core/inventory/inventory.ts';

const run = (inventory?: Inventory): RunDetails => ({
  execution: 'command',
  exit_code: 0,
  duration_ms: 1,
  timed_out: false,
  truncated: false,
  authorizations: [],
  ...(inventory === undefined ? {} : { inventory }),
});
const counted = (ran: number, skipped = 0): Inventory => ({
  runner: 'node',
  ran,
  passed: ran,
  failed: 0,
  skipped,
  todo: 0,
});

describe('audit of a counted run', () => {
  it('other counts: disputed, naming both', () => {
    expect(
      compareResults(
        { status: 'PASS', run: run(counted(4)) },
        { status: 'PASS', run: run(counted(3, 1)) },
      ),
    ).toEqual({
      agreement: 'disputed',
      differences: ['tests: reviewed 4 run, 0 skipped, 0 todo, audit 3 run, 1 skipped, 0 todo'],
    });
  });
  it('the same counts, or a run without an inventory (an older entry): agree', () => {
    const same = compareResults(
      { status: 'PASS', run: run(counted(4)) },
      { status: 'PASS', run: run(counted(4)) },
    );
    expect(same.agreement).toBe('agree');
    const old = compareResults(
      { status: 'PASS', run: run() },
      { status: 'PASS', run: run(counted(4)) },
    );
    expect(old.agreement).toBe('agree');
  });
});
