// The rule that refuses a claim whose current PASS verifies less than the base's last PASS of the
// same control: fewer tests run, more skipped or todo, an inventory lost; and what only warns.
import { describe, expect, it } from 'vitest';
import {
  findWeakenings,
  treesToCompare,
  type WeakeningRequest,
} from '../../../scripts/lib/core/gate/claim/weakened-verification.ts';
import type { Inventory } from '../../../scripts/lib/core/inventory/inventory.ts';
import type { StoredEntry } from '../../../scripts/lib/core/ledger/types.ts';
import { LedgerOrder } from '../../../scripts/lib/core/ledger/ledger-order.ts';
import type { ControlStatus } from '../../../scripts/lib/core/gate/status/compute-status.ts';
import type { Control, Maturity } from '../../../scripts/lib/core/plane/types.ts';
import type { JsonObject } from '../../../scripts/lib/core/ledger/types.ts';

const BASE = 'b'.repeat(40);
const NOW = 'c'.repeat(40);
let seq = 0;

function run(tree: string, status: 'PASS' | 'FAIL', inventory?: Inventory): StoredEntry {
  const n = seq++;
  const body = {
    control: 'ENG.TESTS',
    stage: 'self',
    status,
    execution: 'command',
    duration_ms: 1,
    timed_out: false,
    truncated: false,
    authorizations: [],
    ...(inventory === undefined ? {} : { inventory }),
  } as unknown as JsonObject;
  return {
    hash: n.toString(16).padStart(64, '0'),
    file: 'l.jsonl',
    line: n + 1,
    entry: {
      v: 1,
      kind: 'run',
      ledger: 'x',
      segment: 'seg',
      seq: n,
      prev: null,
      time: '2026-01-01T00:00:00.000Z',
      actor: { label: 'a', authority: 'virtual:developer', context: 'local:x' },
      subject: { tree, manifest: 'm', registry: 'r' },
      storage: { heads: {}, objects: [] },
      body,
    },
  };
}

const counts = (ran: number, skipped = 0, todo = 0, names?: string[]): Inventory => ({
  runner: 'node',
  ran,
  passed: ran,
  failed: 0,
  skipped,
  todo,
  ...(names === undefined ? {} : { names }),
});

function statusOf(current: StoredEntry): ControlStatus {
  const stage = { status: 'PASS' as const, reason: 'ok', flaky: false };
  return {
    control: 'ENG.TESTS',
    title: 't',
    owner: 'o',
    execution: 'command',
    status: 'PASS',
    reason: 'ok',
    flaky: false,
    stages: {
      self: { ...stage, stage: 'self', entry: current.hash },
      cross: { ...stage, stage: 'cross' },
      release_authority: { ...stage, stage: 'release_authority' },
      third_party: { ...stage, stage: 'third_party' },
    },
  };
}

const control = (argv: string[], inventory?: 'none'): Control =>
  ({
    id: 'ENG.TESTS',
    execution: { type: 'command', argv },
    ...(inventory === undefined ? {} : { inventory }),
  }) as unknown as Control;

function judge(
  base: Inventory | undefined,
  now: Inventory,
  extra: Partial<WeakeningRequest> & { maturity?: Maturity } = {},
) {
  const entries = [...(base === undefined ? [] : [run(BASE, 'PASS', base)]), run(NOW, 'PASS', now)];
  return findWeakenings({
    statuses: [statusOf(entries[entries.length - 1]!)],
    entries,
    order: new LedgerOrder(entries),
    baseTree: BASE,
    target: extra.maturity ?? 'prototype',
    controls: [control(['npm', 'test'])],
    ...extra,
  });
}

const NAMES = ['adds', 'sub below zero', 'top level', 'zero'];

describe('verification weakened', () => {
  it('a deleted test: fewer run, named', () => {
    const found = judge(counts(4, 0, 0, NAMES), counts(3, 0, 0, ['adds', 'top level', 'zero']));
    expect(found.blockers.map((b) => b.reason)).toEqual([
      "verification weakened: ENG.TESTS ran 3 tests, the base ran 4; no longer runs 'sub below zero'",
    ]);
    expect(found.blockers[0]?.next).toContain('proofgate evaluate --run --control ENG.TESTS');
  });
  it('a test marked skip: fewer run and more skipped', () => {
    const found = judge(counts(4, 0, 0, NAMES), counts(3, 1, 0, ['adds', 'top level', 'zero']));
    expect(found.blockers[0]?.reason).toBe(
      "verification weakened: ENG.TESTS ran 3 tests, the base ran 4; skips 1, the base skipped 0; no longer runs 'sub below zero'",
    );
  });
  it('more todo with as many run still blocks', () => {
    const found = judge(counts(4, 0, 0), counts(4, 0, 1));
    expect(found.blockers[0]?.reason).toBe(
      'verification weakened: ENG.TESTS ran 4 tests, the base ran 4; marks 1 todo, the base 0',
    );
  });
  it('a new test also run in a skipped variant (one more run, one more skip) is fine', () => {
    // pytest parametrized over a backend that is not built here: every test runs once, skips once.
    expect(judge(counts(39, 41), counts(40, 42)).blockers).toEqual([]);
  });
  it('a test turned into a skip while a dummy is added (as many run, one more skip) blocks', () => {
    expect(judge(counts(4, 0), counts(4, 1)).blockers[0]?.reason).toBe(
      'verification weakened: ENG.TESTS ran 4 tests, the base ran 4; skips 1, the base skipped 0',
    );
    // Two skips for one added test: one more skip than tests added.
    expect(judge(counts(4, 0), counts(5, 2)).blockers).toHaveLength(1);
  });
  it('a renamed test (same count, other name) only warns', () => {
    const renamed = ['adds', 'subtracts below zero', 'top level', 'zero'];
    const found = judge(counts(4, 0, 0, NAMES), counts(4, 0, 0, renamed));
    expect(found.blockers).toEqual([]);
    expect(found.warnings).toEqual([
      "ENG.TESTS no longer runs 'sub below zero' that the base ran (as many tests run: renamed?)",
    ]);
  });
  it('an added test is fine', () => {
    const found = judge(counts(4, 0, 0, NAMES), counts(5, 0, 0, [...NAMES, 'new one']));
    expect(found).toEqual({ blockers: [], warnings: [] });
  });
  it('the output lost its inventory (a no-op script): blocked at every maturity', () => {
    const found = judge(counts(4), { runner: 'unknown', reason: 'no summary' });
    expect(found.blockers[0]?.reason).toBe(
      'verification weakened: ENG.TESTS ran 4 tests on the base; now its output shows no test inventory (no summary)',
    );
  });
  it('no base, or no base PASS with an inventory: nothing compared', () => {
    expect(judge(undefined, counts(1))).toEqual({ blockers: [], warnings: [] });
    expect(judge(counts(4), counts(1), { baseTree: undefined })).toEqual({
      blockers: [],
      warnings: [],
    });
  });
  it('a FAIL on the base is not the base PASS', () => {
    const entries = [run(BASE, 'FAIL', counts(9)), run(NOW, 'PASS', counts(3))];
    const found = findWeakenings({
      statuses: [statusOf(entries[1]!)],
      entries,
      order: new LedgerOrder(entries),
      baseTree: BASE,
      target: 'prototype',
      controls: [control(['npm', 'test'])],
    });
    expect(found.blockers).toEqual([]);
  });
  it('the base PASS that ran the most counts: a later, weaker re-run of the base does not lower it', () => {
    const entries = [
      run(BASE, 'PASS', counts(9)),
      run(BASE, 'PASS', counts(3)),
      run(NOW, 'PASS', counts(3)),
    ];
    const found = findWeakenings({
      statuses: [statusOf(entries[2]!)],
      entries,
      order: new LedgerOrder(entries),
      baseTree: BASE,
      target: 'prototype',
      controls: [control(['npm', 'test'])],
    });
    expect(found.blockers.map((b) => b.reason)).toEqual([
      'verification weakened: ENG.TESTS ran 3 tests, the base ran 9',
    ]);
  });
  it('an approved definition change is not compared with the base', () => {
    const found = judge(counts(4), counts(1), { approved: new Set(['ENG.TESTS']) });
    expect(found.blockers).toEqual([]);
  });
});

describe('inventory unknown', () => {
  const unknown: Inventory = { runner: 'unknown', reason: 'no summary' };
  it('a test command: a warning at prototype, a blocker from engineering_ready', () => {
    expect(judge(undefined, unknown)).toEqual({
      blockers: [],
      warnings: ['inventory unknown: ENG.TESTS runs tests, but no summary'],
    });
    const found = judge(undefined, unknown, { maturity: 'engineering_ready' });
    expect(found.blockers[0]?.reason).toBe(
      'inventory unknown: ENG.TESTS runs tests, but no summary; from engineering_ready the tests a control runs must be countable: make the runner print a summary the gate reads (references/inventory.md) and run it again, or declare that the command prints none',
    );
    expect(found.blockers[0]?.next).toBe('proofgate adopt --uncounted ENG.TESTS');
  });
  it('declared inventory: none (under the base rules): nothing', () => {
    const found = judge(undefined, unknown, {
      maturity: 'engineering_ready',
      controls: [control(['npm', 'test'], 'none')],
    });
    expect(found).toEqual({ blockers: [], warnings: [] });
  });
  it('a command that names no test runner (a linter): nothing', () => {
    const found = judge(undefined, unknown, {
      maturity: 'engineering_ready',
      controls: [control(['npx', 'eslint', '.'])],
    });
    expect(found).toEqual({ blockers: [], warnings: [] });
  });
});

describe('treesToCompare: when the verdict needs the base tree', () => {
  it("none without inventories or when tests were only added; the weaker run's other trees otherwise", () => {
    const old = run(BASE, 'PASS');
    const now = run(NOW, 'PASS');
    expect(treesToCompare([statusOf(now)], [old, now])).toEqual(new Set());
    const fewer = run(BASE, 'PASS', counts(2));
    const more = run(NOW, 'PASS', counts(3));
    expect(treesToCompare([statusOf(more)], [fewer, more])).toEqual(new Set());
    const base = run(BASE, 'PASS', counts(4));
    expect(treesToCompare([statusOf(more)], [base, more])).toEqual(new Set([BASE]));
  });
});
