// A result STALE only because untracked files appeared after its command started: those are most
// likely the command's own output, and only then does the STALE line offer to declare them.
import { describe, expect, test } from 'vitest';
import { filesWrittenByRun, nameStaleCause } from '../../../scripts/lib/core/gate/stale-cause.ts';
import type { WorktreeFacts } from '../../../scripts/lib/core/gate/stale-cause.ts';

const STARTED = Date.parse('2026-06-01T10:00:00.000Z');
const TREE = 'a'.repeat(40);

function reasonOf(facts: WorktreeFacts): string {
  return nameStaleCause('no result for the current code (last PASS on tree aaaa)', TREE, facts);
}

function facts(dirty: string[], untracked: [string, number][]): WorktreeFacts {
  return { dirty, untracked: new Map(untracked), headTree: TREE, headCommit: 'abc1234' };
}

describe('files written by the run', () => {
  test('untracked files written after the command started are named', () => {
    const f = facts(
      ['test/test_default', 'test/test_strict'],
      [
        ['test/test_default', STARTED + 400],
        ['test/test_strict', STARTED + 900],
      ],
    );
    expect(filesWrittenByRun(reasonOf(f), STARTED, f)).toEqual([
      'test/test_default',
      'test/test_strict',
    ]);
  });

  test("a modified tracked file, or an untracked file older than the run, is the person's work", () => {
    const edited = facts(['src/a.c', 'test/test_default'], [['test/test_default', STARTED + 5]]);
    expect(filesWrittenByRun(reasonOf(edited), STARTED, edited)).toBeUndefined();
    const older = facts(['notes.c'], [['notes.c', STARTED - 60_000]]);
    expect(filesWrittenByRun(reasonOf(older), STARTED, older)).toBeUndefined();
  });

  test('code changed since the result, or no run start known: nothing is offered', () => {
    const moved: WorktreeFacts = {
      ...facts(['out.bin'], [['out.bin', STARTED + 1]]),
      headTree: 'b'.repeat(40),
    };
    expect(filesWrittenByRun(reasonOf(moved), STARTED, moved)).toBeUndefined();
    const f = facts(['out.bin'], [['out.bin', STARTED + 1]]);
    expect(filesWrittenByRun(reasonOf(f), undefined, f)).toBeUndefined();
    expect(filesWrittenByRun('no result yet', STARTED, f)).toBeUndefined();
  });
});
