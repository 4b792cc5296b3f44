import { describe, expect, test } from 'vitest';
import {
  describeGrantedOnWorkingTree,
  listUncommitted,
  summarizeUncommitted,
  uncommittedBlockers,
} from '../../../scripts/lib/core/gate/claim/uncommitted.ts';
import { subjectPaths } from '../../../scripts/lib/core/gate/status/stale-cause.ts';
import { parseClaimBody } from '../../../scripts/lib/core/gate/entries/parse-body.ts';

const HEAD = 'a'.repeat(40);
const status = (over: Partial<Parameters<typeof listUncommitted>[0]> = {}) => ({
  dirty: [] as string[],
  staged: [] as string[],
  untracked: [] as string[],
  head: HEAD as string | undefined,
  ...over,
});

describe('listUncommitted', () => {
  test('nothing in the subject differs from HEAD: undefined (evidence, outputs, skill files aside)', () => {
    const s = status({
      dirty: ['.proofgate/evidence/ledger/a.jsonl', 'coverage/x.json', '.claude/skills/p/SKILL.md'],
      untracked: [
        '.proofgate/evidence/ledger/a.jsonl',
        'coverage/x.json',
        '.claude/skills/p/SKILL.md',
      ],
    });
    const limits = {
      excludes: ['.proofgate/evidence/', 'coverage/'],
      skill: ['.claude/skills/p/SKILL.md'],
    };
    expect(listUncommitted(s, limits)).toBeUndefined();
  });

  test('modified (edited, staged or deleted) and untracked files, sorted; a tracked skill file differing from HEAD counts', () => {
    const s = status({
      dirty: ['src/b.ts', 'src/new.ts', 'gone.ts', '.claude/skills/p/SKILL.md'],
      staged: ['src/a.ts'],
      untracked: ['src/new.ts'],
    });
    expect(listUncommitted(s, { excludes: [], skill: ['.claude/skills/p/SKILL.md'] })).toEqual({
      head: HEAD,
      modified: ['.claude/skills/p/SKILL.md', 'gone.ts', 'src/a.ts', 'src/b.ts'],
      untracked: ['src/new.ts'],
    });
  });

  test('a subproject plane names only the files its includes hold', () => {
    const s = status({ dirty: ['README.md', 'src/a.ts', 'srcx.ts'], head: undefined });
    expect(listUncommitted(s, { excludes: [], includes: ['src'] })).toEqual({
      modified: ['src/a.ts'],
      untracked: [],
    });
  });
  test('globs read as git pathspecs: `x/` is a directory only, never a file named x; a plain `x` is that path and everything under it', () => {
    const s = status({ dirty: ['x', 'x/a.ts', 'gen/out.ts', 'gen', 'genx.ts', 'src', 'src/a.ts'] });
    expect(listUncommitted(s, { excludes: ['x/', 'gen'] })?.modified).toEqual([
      'genx.ts',
      'src',
      'src/a.ts',
      'x',
    ]);
    expect(listUncommitted(s, { excludes: [], includes: ['src/'] })?.modified).toEqual([
      'src/a.ts',
    ]);
    expect(subjectPaths(['x', 'x/a', 'xy/b', 'xy'], ['x*/'])).toEqual(['x', 'xy']);
  });
});

describe('what a claim says and records', () => {
  const u = { head: HEAD, modified: ['src/a.ts'], untracked: ['x y.ts'] };

  test('the granted line, the release blocker with a runnable git command, the entry counts', () => {
    expect(describeGrantedOnWorkingTree(u)).toBe(
      "granted on the working tree, not on a commit (HEAD is commit aaaaaaa): 1 modified (src/a.ts), 1 untracked (x y.ts) not committed; commit exactly these and the claim binds that commit's tree",
    );
    expect(uncommittedBlockers(u)).toEqual([
      {
        control: 'working-tree',
        stage: 'self',
        status: 'TODO',
        reason:
          'a release binds a commit: 1 modified (src/a.ts), 1 untracked (x y.ts) not committed (commit them, or .gitignore build output)',
        next: "git add -- src/a.ts 'x y.ts' && git commit",
      },
    ]);
    const many = { modified: Array.from({ length: 11 }, (_, i) => `f${i}`), untracked: [] };
    expect(uncommittedBlockers(many)[0]?.next).toBe('git status --short');
    expect(uncommittedBlockers(undefined)).toEqual([]);
    expect(summarizeUncommitted(u)).toEqual({ head: HEAD, modified: 1, untracked: 1 });
  });

  test('a claim body reads its uncommitted counts, and a malformed one is no claim', () => {
    const body = {
      scope: 'task',
      outcome: 'COMPLETED',
      controls: ['t'],
      maturity: 'prototype',
      stages: {},
      supporting: [],
    };
    const read = parseClaimBody({
      ...body,
      uncommitted: { head: HEAD, modified: 2, untracked: 0 },
    });
    expect(read?.uncommitted).toEqual({ head: HEAD, modified: 2, untracked: 0 });
    expect(
      parseClaimBody({ ...body, uncommitted: { modified: -1, untracked: 0 } }),
    ).toBeUndefined();
    expect(
      parseClaimBody({ ...body, uncommitted: { head: 'HEAD', modified: 1, untracked: 0 } }),
    ).toBeUndefined();
  });
});
