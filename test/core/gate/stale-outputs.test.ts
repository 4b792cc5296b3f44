// A result STALE only because untracked files appeared while its command ran: those are most
// likely the command's own output, and only then does the STALE line offer to declare them.
import { describe, expect, test } from 'vitest';
import {
  filesWrittenByRun,
  nameStaleCause,
  trackedRewrittenByRun,
  untrackedAdvice,
} from '../../../scripts/lib/core/gate/status/stale-cause.ts';
import type { WorktreeFacts } from '../../../scripts/lib/core/gate/status/stale-cause.ts';

const STARTED = Date.parse('2026-06-01T10:00:00.000Z');
const RUN = { start: STARTED, end: STARTED + 2000 };
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
    expect(filesWrittenByRun(reasonOf(f), RUN, f)).toEqual([
      'test/test_default',
      'test/test_strict',
    ]);
  });

  test("a modified tracked file, or an untracked file older than the run, is the person's work", () => {
    const edited = facts(['src/a.c', 'test/test_default'], [['test/test_default', STARTED + 5]]);
    expect(filesWrittenByRun(reasonOf(edited), RUN, edited)).toBeUndefined();
    const older = facts(['notes.c'], [['notes.c', STARTED - 60_000]]);
    expect(filesWrittenByRun(reasonOf(older), RUN, older)).toBeUndefined();
  });

  test('code changed since the result, or no run start known: nothing is offered', () => {
    const moved: WorktreeFacts = {
      ...facts(['out.bin'], [['out.bin', STARTED + 1]]),
      headTree: 'b'.repeat(40),
    };
    expect(filesWrittenByRun(reasonOf(moved), RUN, moved)).toBeUndefined();
    const f = facts(['out.bin'], [['out.bin', STARTED + 1]]);
    expect(filesWrittenByRun(reasonOf(f), undefined, f)).toBeUndefined();
    expect(filesWrittenByRun('no result yet', RUN, f)).toBeUndefined();
  });

  test('a file written after the run ended, or one matching the sources, is not an output', () => {
    // `skill install` or a new source file, minutes after the run: named, with the real advice.
    const later = facts(
      ['.claude/skills/proofgate/SKILL.md'],
      [['.claude/skills/proofgate/SKILL.md', STARTED + 120_000]],
    );
    expect(filesWrittenByRun(reasonOf(later), RUN, later)).toBeUndefined();
    expect(untrackedAdvice(reasonOf(later), later)).toBe(
      'no result for the current code: untracked file .claude/skills/proofgate/SKILL.md: commit it or ignore it (.gitignore)',
    );
    const source = facts(['src/new.ts'], [['src/new.ts', STARTED + 500]]);
    expect(filesWrittenByRun(reasonOf(source), RUN, source, ['src/**'])).toBeUndefined();
    expect(filesWrittenByRun(reasonOf(source), RUN, source)).toEqual(['src/new.ts']);
    // a tracked edit among them: no untracked-only advice
    const edited = facts(['src/a.c', 'x.o'], [['x.o', STARTED + 5]]);
    expect(untrackedAdvice(reasonOf(edited), edited)).toBeUndefined();
  });
});

describe('tracked files rewritten by the run', () => {
  const withTracked = (
    dirty: string[],
    tracked: [string, number][],
    untracked: [string, number][] = [],
  ) => ({
    ...facts(dirty, untracked),
    tracked: new Map(tracked),
  });

  test('every difference written while the command ran, some tracked: the tracked ones are named', () => {
    const f = withTracked(
      ['README.md', 'out/x'],
      [['README.md', STARTED + 300]],
      [['out/x', STARTED + 400]],
    );
    expect(trackedRewrittenByRun(reasonOf(f), RUN, f)).toEqual(['README.md']);
  });

  test("a tracked edit before the run, or any difference outside it, is not the command's", () => {
    const before = withTracked(['README.md'], [['README.md', STARTED - 60_000]]);
    expect(trackedRewrittenByRun(reasonOf(before), RUN, before)).toBeUndefined();
    const mixed = withTracked(
      ['README.md', 'src/a.ts'],
      [
        ['README.md', STARTED + 300],
        ['src/a.ts', STARTED - 60_000],
      ],
    );
    expect(trackedRewrittenByRun(reasonOf(mixed), RUN, mixed)).toBeUndefined();
    const untrackedOnly = withTracked(['out/x'], [], [['out/x', STARTED + 400]]);
    expect(trackedRewrittenByRun(reasonOf(untrackedOnly), RUN, untrackedOnly)).toBeUndefined();
    expect(trackedRewrittenByRun(reasonOf(before), undefined, before)).toBeUndefined();
  });
});
