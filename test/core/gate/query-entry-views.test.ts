// The pure pieces behind query entry / claim / subject: prefix lookup over every kind, which claim
// supersedes which, and how a subject tree is named.
import { describe, expect, test } from 'vitest';
import {
  claimView,
  describeSubject,
  findAnyEntry,
} from '../../../scripts/lib/core/gate/query/query-entry-views.ts';
import {
  supersededClaims,
  type GrantedClaimRef,
} from '../../../scripts/lib/core/gate/claim/superseded-claims.ts';
import type { StoredEntry } from '../../../scripts/lib/core/ledger/types.ts';
import { LedgerOrder } from '../../../scripts/lib/core/ledger/ledger-order.ts';

const stored = (hash: string, kind: string, line = 1): StoredEntry =>
  ({
    hash,
    entry: { kind, segment: 's', seq: line, storage: { heads: {} } },
    file: 'f',
    line,
  }) as never;

describe('findAnyEntry', () => {
  const entries = [
    stored('aaaa0000111', 'run', 1),
    stored('aaaa0000222', 'audit', 2),
    stored('bbbb0000333', 'note', 3),
  ];
  test('a unique prefix of any kind, or the latest entry', () => {
    expect(findAnyEntry(entries, 'aaaa00002').entry.kind).toBe('audit');
    expect(findAnyEntry(entries, 'bbbb0000').entry.kind).toBe('note');
    expect(findAnyEntry(entries, 'latest').hash).toBe('bbbb0000333');
    expect(findAnyEntry(entries, undefined).hash).toBe('bbbb0000333');
  });

  test.each([
    ['aaaa0000', /aaaa0000 is ambiguous: it begins 2 ledger entry hashes/],
    ['cccc0000', /no entry cccc0000/],
    ['AAAA0000', /not an entry hash prefix/],
    ['aaa', /not an entry hash prefix/],
  ])('%s is refused (exit 2)', (id, message) => {
    expect(() => findAnyEntry(entries, id)).toThrow(message);
    try {
      findAnyEntry(entries, id);
    } catch (error) {
      expect((error as { exitCode: number }).exitCode).toBe(2);
    }
  });
});

describe('supersededClaims', () => {
  /** A claim entry at `segment` line `line`, stamped `time` by its writer, seeing `heads`. */
  const claimAt = (
    hash: string,
    segment: string,
    line: number,
    time: string,
    controls: string[],
    scope = 'task',
    heads: Record<string, string> = {},
  ): StoredEntry =>
    ({
      hash,
      file: `${segment}.jsonl`,
      line,
      entry: {
        kind: 'claim',
        segment,
        seq: line - 1,
        time,
        storage: { heads, objects: [] },
        body: { scope, controls },
      },
    }) as never;
  const refs = (entries: StoredEntry[]): GrantedClaimRef[] =>
    entries.map((e) => ({
      hash: e.hash,
      time: e.entry.time,
      body: e.entry.body as unknown as GrantedClaimRef['body'],
    }));
  const decide = (entries: StoredEntry[]) =>
    supersededClaims(refs(entries), new LedgerOrder(entries));

  test('a later claim of the same scope covering every control supersedes; others do not', () => {
    const entries = [
      claimAt('c1', 's', 1, '2026-01-01', ['a']),
      claimAt('c2', 's', 2, '2026-01-02', ['b']),
      claimAt('c3', 's', 3, '2026-01-03', ['a', 'b'], 'project'),
      claimAt('c4', 's', 4, '2026-01-04', ['a', 'b']),
    ];
    expect(decide(entries)).toEqual(
      new Map([
        ['c1', 'c4'],
        ['c2', 'c4'],
      ]),
    );
  });

  test("ledger order decides, not the writer's clock; the nearest later claim is named", () => {
    // Stamped out of order (a clock set to 2099 on the first line): the lines still decide.
    const entries = [
      claimAt('first', 's', 1, '2099-01-09', ['a']),
      claimAt('second', 's', 2, '2026-01-01', ['a']),
      claimAt('third', 's', 3, '2026-01-05', ['a']),
    ];
    expect(decide(entries)).toEqual(
      new Map([
        ['first', 'second'],
        ['second', 'third'],
      ]),
    );
    // The list handed in may come in any order: only the ledger positions count.
    expect(supersededClaims(refs([...entries].reverse()), new LedgerOrder(entries))).toEqual(
      decide(entries),
    );
  });

  test('claims from writers that never saw each other supersede neither; one that saw both does', () => {
    const x = claimAt('x', 'clone-x', 1, '2026-01-01', ['a']);
    const y = claimAt('y', 'clone-y', 1, '2099-01-01', ['a']);
    expect(decide([x, y])).toEqual(new Map());
    // A claim written after seeing both clones' heads supersedes both, whatever its own stamp.
    const z = claimAt('z', 'clone-x', 2, '2000-01-01', ['a'], 'task', { 'clone-y': 'y' });
    expect(decide([x, y, z])).toEqual(
      new Map([
        ['x', 'z'],
        ['y', 'z'],
      ]),
    );
  });
});

describe('describeSubject', () => {
  const names = {
    commitOf: new Map([['897e73c6'.padEnd(40, '0'), '04ba4df'.padEnd(40, '1')]]),
    excludes: ['.proofgate/evidence/'],
    searched: 200,
  };
  test('a known tree is named as its commit minus the plane storage', () => {
    expect(describeSubject('897e73c6'.padEnd(40, '0'), names)).toBe(
      'tree 897e73c6 = commit 04ba4df minus .proofgate/evidence/',
    );
  });
  test('an unknown tree says no commit was found, and how far it looked', () => {
    expect(describeSubject('f'.repeat(40), names)).toMatch(
      /^tree ffffffff \(no commit among the latest 200 has this tree minus \.proofgate\/evidence\/;/,
    );
  });
  test('an object-name pathspec reads as a star, not as 64 character classes', () => {
    const hex = (n: number) => '[0-9a-f]'.repeat(n);
    const excludes = [
      `.proofgate/evidence/objects/sha256/${hex(2)}/${hex(64)}`,
      `.proofgate/x/${hex(2)}/${hex(64)}`,
    ];
    expect(describeSubject('897e73c6'.padEnd(40, '0'), { ...names, excludes })).toBe(
      'tree 897e73c6 = commit 04ba4df minus .proofgate/evidence/objects/sha256/*/*, .proofgate/x/*/*',
    );
  });
});

describe('claimView', () => {
  const at = (hash: string, kind: string, segment: string, line: number, heads = {}, body = {}) =>
    ({
      hash,
      file: `${segment}.jsonl`,
      line,
      entry: {
        kind,
        segment,
        seq: line - 1,
        time: '2026-01-02T03:04:05.000Z',
        actor: { authority: `virtual:${kind}`, context: 'ctx' },
        subject: { tree: 'a'.repeat(40) },
        storage: { heads, objects: [] },
        body: { control: 'tests', status: 'PASS', ...body },
      },
    }) as unknown as StoredEntry;
  test('lists the supporting entries in ledger order, not in the order of their hashes', () => {
    const run = at('f'.repeat(64), 'run', 'a-main', 1);
    const audit = at('1'.repeat(64), 'audit', 'b-main', 1, { 'a-main': run.hash });
    const body = {
      scope: 'task',
      outcome: 'COMPLETED',
      controls: ['tests'],
      maturity: 'prototype',
      stages: {},
      supporting: [audit.hash, run.hash, '2'.repeat(64)],
    };
    const claim = at('c'.repeat(64), 'claim', 'a-main', 2, { 'b-main': audit.hash }, body);
    const names = { commitOf: new Map(), excludes: [], searched: 1 };
    const lines = claimView(
      { hash: claim.hash, time: '', body } as never,
      claim,
      [run, claim, audit],
      names,
    )
      .slice(-3)
      .map((item) => item.line.trim().split(' ').slice(0, 2).join(' '));
    expect(lines).toEqual(['ffffffffffff run', '111111111111 audit', '222222222222 NOT']);
  });
});
