// The inventory as a run body carries it: read defensively like every body field (a ledger line is
// attacker-controlled), optional so entries written before it stay readable.
import { describe, expect, it } from 'vitest';
import { parseRunBody } from '../../../scripts/lib/core/gate/entries/parse-body.ts';
import type { JsonObject } from '../../../scripts/lib/core/ledger/types.ts';

const body = (inventory?: unknown): JsonObject =>
  ({
    control: 'ENG.TESTS',
    stage: 'self',
    status: 'PASS',
    execution: 'command',
    duration_ms: 1,
    timed_out: false,
    truncated: false,
    authorizations: [],
    ...(inventory === undefined ? {} : { inventory }),
  }) as JsonObject;

describe('the run body inventory', () => {
  it('an entry without one reads as before', () => {
    expect(parseRunBody(body())?.inventory).toBeUndefined();
  });
  it('counts and names, or unknown with its reason', () => {
    const known = {
      runner: 'node',
      ran: 2,
      passed: 1,
      failed: 1,
      skipped: 0,
      todo: 1,
      names: ['a', 'b'],
    };
    expect(parseRunBody(body(known))?.inventory).toEqual(known);
    const unknown = { runner: 'unknown', reason: 'no summary' };
    expect(parseRunBody(body(unknown))?.inventory).toEqual(unknown);
  });
  it.each([
    [
      'ran is not passed + failed',
      { runner: 'node', ran: 9, passed: 1, failed: 1, skipped: 0, todo: 0 },
    ],
    ['a negative count', { runner: 'node', ran: 0, passed: 1, failed: -1, skipped: 0, todo: 0 }],
    [
      'names not strings',
      { runner: 'node', ran: 1, passed: 1, failed: 0, skipped: 0, todo: 0, names: [1] },
    ],
    ['unknown without a reason', { runner: 'unknown' }],
    ['not an object', 'node'],
  ])('malformed (%s): the body never counts', (_what, inventory) => {
    expect(parseRunBody(body(inventory))).toBeUndefined();
  });
});
