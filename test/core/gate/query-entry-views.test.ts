// The pure pieces behind query entry / claim / subject: prefix lookup over every kind, which claim
// supersedes which, and how a subject tree is named.
import { describe, expect, test } from 'vitest';
import { describeSubject, findAnyEntry } from '../../../scripts/lib/core/gate/query-entry-views.ts';
import {
  supersededClaims,
  type GrantedClaimRef,
} from '../../../scripts/lib/core/gate/superseded-claims.ts';
import type { StoredEntry } from '../../../scripts/lib/core/ledger/types.ts';

const stored = (hash: string, kind: string): StoredEntry =>
  ({ hash, entry: { kind }, file: 'f', line: 1 }) as never;

describe('findAnyEntry', () => {
  const entries = [
    stored('aaaa0000111', 'run'),
    stored('aaaa0000222', 'audit'),
    stored('bbbb0000333', 'note'),
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
  const claim = (hash: string, time: string, scope: string, controls: string[]) =>
    ({ hash, time, body: { scope, controls } }) as unknown as GrantedClaimRef;

  test('a later claim of the same scope covering every control supersedes; others do not', () => {
    const claims = [
      claim('c1', '2026-01-01', 'task', ['a']),
      claim('c2', '2026-01-02', 'task', ['b']),
      claim('c3', '2026-01-03', 'project', ['a', 'b']),
      claim('c4', '2026-01-04', 'task', ['a', 'b']),
    ];
    expect(supersededClaims(claims)).toEqual(
      new Map([
        ['c1', 'c4'],
        ['c2', 'c4'],
      ]),
    );
  });

  test('time decides, not ledger order; the nearest later claim is named', () => {
    const claims = [
      claim('late', '2026-01-09', 'task', ['a']),
      claim('early', '2026-01-01', 'task', ['a']),
      claim('mid', '2026-01-05', 'task', ['a']),
    ];
    expect(supersededClaims(claims)).toEqual(
      new Map([
        ['early', 'mid'],
        ['mid', 'late'],
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
});
