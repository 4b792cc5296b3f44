// A control's test inventory: what its runner says it ran, read from the runner's own summary in
// the captured output (references/ledger-format.md "inventory"). The verdict compares it with the
// base's (core/gate/claim/weakened-verification.ts), so a deleted, skipped or filtered-out test
// is seen even when the command still exits 0.

/** How many tests a run counted. `ran` = `passed` + `failed`: skipped and todo tests did not check. */
export interface TestCounts {
  ran: number;
  passed: number;
  failed: number;
  skipped: number;
  todo: number;
}

/** A runner's summary was found: its counts and, when it printed them, the names of the tests run. */
export interface KnownInventory extends TestCounts {
  /** The runner(s) whose summary was read, `+`-joined when one command ran several. */
  runner: string;
  /** Sorted, unique names of the tests that ran (absent when the runner printed none, or too many). */
  names?: string[];
}

/** No runner's summary in the output: recorded with why, never guessed. */
export interface UnknownInventory {
  runner: 'unknown';
  reason: string;
}

export type Inventory = KnownInventory | UnknownInventory;

/** What one runner's parser found: counts and, when printed, names. */
export interface ParsedRun extends TestCounts {
  names?: string[];
  /**
   * How many test lines of tests that ran the output holds, for a runner that always lists every
   * test (node's reporters, cargo): a summary that disagrees with it is not the runner's own.
   */
  listed?: number;
}

/** Names beyond this many bytes are left out of the entry (the counts are kept). */
export const MAX_NAMES_BYTES = 32_768;

export function isKnown(inventory: Inventory): inventory is KnownInventory {
  return inventory.runner !== 'unknown';
}

/** Counts from passed, failed, skipped and todo; `ran` follows from them. */
export function countsOf(passed: number, failed: number, skipped = 0, todo = 0): TestCounts {
  return { ran: passed + failed, passed, failed, skipped, todo };
}

export function addCounts(a: TestCounts, b: TestCounts): TestCounts {
  return countsOf(a.passed + b.passed, a.failed + b.failed, a.skipped + b.skipped, a.todo + b.todo);
}

/** Sorted unique names, or undefined when there are none or they exceed MAX_NAMES_BYTES. */
export function keptNames(names: readonly string[]): string[] | undefined {
  const unique = [...new Set(names)].sort();
  if (unique.length === 0) return undefined;
  const bytes = unique.reduce((sum, n) => sum + n.length + 3, 0);
  return bytes > MAX_NAMES_BYTES ? undefined : unique;
}

/** `1 test` / `3 tests`. */
export function describeCount(n: number, what = 'test'): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}
